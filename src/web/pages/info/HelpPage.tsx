import { FAQ } from './help-faq';
import { InfoLayout, InfoSection, linkClass, TextLink } from './InfoLayout';

/** /help (docs/notes/web-everyday.md): the Help Center and its FAQ (temperature, voting, posting, moderation, alerts, the account). */
export default function HelpPage() {
  return (
    <InfoLayout
      title="Help & FAQ"
      intro={
        <p>
          How QuidsIn works, in short answers. Can't find what you need? <TextLink to="/contact">Contact us</TextLink>.
        </p>
      }
    >
      <nav id="faq" aria-label="FAQ topics" className="scroll-mt-24">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600">Frequently asked questions</h2>
        <ul className="mt-3 grid gap-2 text-sm sm:grid-cols-3">
          {FAQ.map((group) => (
            <li key={group.id}>
              <a href={`#${group.id}`} className={linkClass}>
                {group.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {FAQ.map((group) => (
        <InfoSection key={group.id} id={group.id} title={group.title}>
          <dl className="space-y-5">
            {group.entries.map((entry) => (
              <div key={entry.q}>
                <dt className="font-semibold text-slate-900">{entry.q}</dt>
                <dd className="mt-1 space-y-2">{entry.a}</dd>
              </div>
            ))}
          </dl>
        </InfoSection>
      ))}
    </InfoLayout>
  );
}
