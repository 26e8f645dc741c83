import { ContactAddress } from './ContactAddress';
import { InfoLayout, InfoSection, linkClass, TextLink } from './InfoLayout';

/** /privacy (docs/notes/web-everyday.md): what QuidsIn keeps about people, why, for how long, and their rights under UK GDPR. */
export default function PrivacyPage() {
  return (
    <InfoLayout
      title="Privacy Policy"
      updated
      intro={
        <p>
          This page explains what personal data QuidsIn keeps, why, and what you can do about it under the UK GDPR and the Data Protection Act 2018. We keep as
          little as we can: there is no advertising profile, no tracking and nothing is sold.
        </p>
      }
    >
      <InfoSection id="who" title="Who is responsible">
        <p>
          The people who run this QuidsIn website are the controller of your data. Questions and requests about your data go to us by email: <ContactAddress />.
          You can also use the <TextLink to="/contact">contact page</TextLink>.
        </p>
      </InfoSection>

      <InfoSection id="what" title="What we keep">
        <ul>
          <li>
            <strong>Your account:</strong> username, email address, your password as an argon2id hash (never the password itself), and the bio and avatar you
            choose to add. Uploaded pictures are re-encoded, which removes hidden metadata such as the location where a photo was taken.
          </li>
          <li>
            <strong>What you post:</strong> deals and comments, which are public with your username. Comments you like count towards the comment's likes; who
            liked it is not shown.
          </li>
          <li>
            <strong>What you do on deals:</strong> your votes (with your account's age in hours when you voted), the deals you save, the reports you make and
            your keyword alerts. Saves and alerts are private; votes and reports are seen by the moderation team, never listed publicly with your name.
          </li>
          <li>
            <strong>Technical data:</strong> your IP address reaches our server with every request. We use it to limit abuse (counters that are forgotten within
            an hour) and, for votes, we keep only a keyed hash of your network (the first three parts of an IPv4 address), never the address itself. Our
            server's technical logs may record requests, including the IP address, to keep the site running and secure.
          </li>
        </ul>
      </InfoSection>

      <InfoSection id="why" title="Why, and on what legal basis">
        <ul>
          <li>
            <strong>To run your account</strong> (contract): signing in, posting, voting, saving, the emails that confirm your address and reset your password.
          </li>
          <li>
            <strong>To keep QuidsIn fair and safe</strong> (legitimate interests): rate limits, vote-ring checks, moderation and the public moderation log.
          </li>
          <li>
            <strong>Keyword alert emails</strong> (consent): sent only for the alerts you set up; every alert email has a one-click unsubscribe link.
          </li>
        </ul>
        <p>We do not send marketing emails. The newsletter box in the footer does not send or store your address.</p>
      </InfoSection>

      <InfoSection id="sharing" title="Who else sees it">
        <ul>
          <li>Other visitors see what is public: your username, avatar, bio, join date, role, deals and comments. Never your email address.</li>
          <li>Our hosting and email providers process data for us, only to run the service.</li>
          <li>
            When you follow a link to a shop, the shop sees your visit like any other, and may see that it came from us (an affiliate tag). What happens there
            is covered by the shop's own privacy policy.
          </li>
          <li>
            If this site loads a link-monetisation script, that provider's script runs in your browser and can see the pages you visit here and the links you
            click (see <TextLink to="/cookies">Cookies</TextLink>).
          </li>
          <li>Deal text may be sent to an AI service to tidy titles and descriptions. It contains the deal, not your personal data.</li>
        </ul>
        <p>We never sell personal data.</p>
      </InfoSection>

      <InfoSection id="retention" title="How long we keep it">
        <ul>
          <li>Your account and posts: until you ask us to delete your account.</li>
          <li>Email confirmation links expire after 24 hours and password reset links after 1 hour; we store only a hash of them.</li>
          <li>Rate-limit counters: minutes, at most an hour. Sign-in sessions end after 7 days, when you sign out, or when your password changes.</li>
        </ul>
      </InfoSection>

      <InfoSection id="rights" title="Your rights">
        <p>
          You can ask for a copy of your data, for it to be corrected or deleted, for its use to be restricted, to object to how we use it, or to receive it in
          a portable form. You can correct your username, email and bio yourself on your profile page. For anything else, email us at <ContactAddress />; we
          answer within one month.
        </p>
        <p>
          If you are unhappy with how we handle your data, you can complain to the Information Commissioner's Office:{' '}
          <a href="https://ico.org.uk/make-a-complaint/" className={linkClass} rel="noopener noreferrer" target="_blank">
            ico.org.uk
          </a>{' '}
          or 0303 123 1113.
        </p>
      </InfoSection>

      <InfoSection id="children" title="Children">
        <p>
          QuidsIn is not meant for children under 13, and we do not knowingly keep data about them. If you think a child has an account, tell us and we will
          remove it.
        </p>
      </InfoSection>
    </InfoLayout>
  );
}
