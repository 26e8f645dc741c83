import { useSiteConfig } from '../../api/site';
import { CookieSettings } from './CookieSettings';
import { InfoLayout, InfoSection, TextLink } from './InfoLayout';

/** What this browser keeps for QuidsIn, key by key (localStorage, no cookies of our own). */
const STORED: Array<[key: string, what: string, when: string]> = [
  ['token', 'Keeps you signed in (your session).', 'While you are signed in; removed when you sign out or the session ends.'],
  ['theme', 'Your choice of light or dark theme.', 'Only if you use the theme switch; otherwise we follow your device setting.'],
  ['rememberedCredential', 'Your username or email, to fill in the sign-in form.', 'Only if you tick "Remember me".'],
  ['browse-view', 'Whether you browse deals as a grid or a list.', 'Once you switch the view.'],
  ['return-to', 'The page to come back to after you create an account and sign in.', 'Up to a day.'],
  ['cookie-consent', 'Whether you accepted or rejected the link-monetisation script.', 'Once you choose, in the banner or below.'],
];

function Settings() {
  const { data, isPending } = useSiteConfig();
  if (isPending) return null;
  return <CookieSettings configured={!!data?.monetisationScriptUrl} />;
}

/** Whether this installation loads a link-monetisation script, as the server says. */
function MonetisationStatus() {
  const { data, isPending } = useSiteConfig();
  if (isPending) return null;
  return data?.monetisationScriptUrl ? (
    <p data-testid="monetisation-status">
      <strong>This site currently loads a link-monetisation script</strong>, from {new URL(data.monetisationScriptUrl).host}.
    </p>
  ) : (
    <p data-testid="monetisation-status">
      <strong>This site does not load a link-monetisation script at the moment</strong>, so nothing here sets cookies.
    </p>
  );
}

/** /cookies (docs/notes/web-everyday.md): no cookies of our own; what localStorage holds; the one third-party exception. */
export default function CookiesPage() {
  return (
    <InfoLayout
      title="Cookies"
      updated
      intro={
        <p>
          QuidsIn does not set cookies and uses no analytics, advertising or tracking tools. A few settings are kept in your browser's local storage so the site
          works, and none of them is sent to anyone else.
        </p>
      }
    >
      <InfoSection id="local-storage" title="What your browser keeps for us">
        <p>
          These entries live in your browser's local storage for this website only. They are strictly necessary for the site or remember a choice you made, so
          they need no consent banner.
        </p>
        <div>
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Local storage entries</caption>
            <thead>
              <tr className="border-b border-slate-300 text-slate-900">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Name
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  What it is for
                </th>
                <th scope="col" className="py-2 font-semibold">
                  When it is there
                </th>
              </tr>
            </thead>
            <tbody>
              {STORED.map(([key, what, when]) => (
                <tr key={key} className="border-b border-slate-200 align-top">
                  <td className="py-2 pr-4">
                    <code className="break-all rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800">{key}</code>
                  </td>
                  <td className="py-2 pr-4">{what}</td>
                  <td className="py-2">{when}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </InfoSection>

      <InfoSection id="monetisation" title="The link-monetisation script">
        <p>
          The people running this site can switch on a link-monetisation service (a script that turns links to shops into affiliate links, so the site may earn
          a commission when you buy; the price you pay does not change). If it is switched on, that provider's script may set its own cookies to recognise
          purchases. Those cookies are the provider's, under its own cookie and privacy policy. It loads only after you accept it (a banner asks once per
          device); until then, and after a reject, nothing of it is requested. Links to shops still carry the site's affiliate tag in their address, which sets
          no cookie.
        </p>
        <MonetisationStatus />
      </InfoSection>

      <InfoSection id="cookie-settings" title="Cookie settings">
        <Settings />
      </InfoSection>

      <InfoSection id="shops" title="Shops you visit from here">
        <p>When you follow a deal to a shop's website, that shop sets its own cookies under its own policy, as it would for any visitor.</p>
      </InfoSection>

      <InfoSection id="control" title="Clearing it">
        <p>
          Signing out removes your session. You can clear everything this site keeps at any time in your browser's settings (site data or local storage for this
          website). See our <TextLink to="/privacy">Privacy Policy</TextLink> for everything else we keep.
        </p>
      </InfoSection>
    </InfoLayout>
  );
}
