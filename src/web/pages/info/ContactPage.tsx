import { ContactAddress } from './ContactAddress';
import { InfoLayout, InfoSection, TextLink } from './InfoLayout';

/** /contact (docs/notes/web-everyday.md): the quickest way to reach the right people for each kind of question. */
export default function ContactPage() {
  return (
    <InfoLayout title="Contact Us" intro={<p>QuidsIn is run by a small team and its members. Here is the quickest way to reach the right people.</p>}>
      <InfoSection id="deal" title="A problem with a deal">
        <p>
          Expired, wrong price, spam or posted twice? Use <strong>Report</strong> on the deal's page: it goes straight to the moderators, and three "expired"
          reports expire a deal at once. You can see what the team did in the <TextLink to="/moderation">moderation log</TextLink>.
        </p>
      </InfoSection>

      <InfoSection id="account" title="Signing in">
        <p>
          Forgot your password? Ask for a <TextLink to="/forgot-password">reset link</TextLink>. No confirmation email? Check your spam or junk folder. In the
          browser you signed up with, the <TextLink to="/verify-email-sent">check-your-email page</TextLink> can send it again.
        </p>
      </InfoSection>

      <InfoSection id="email" title="Everything else">
        <p>
          Questions about the site, a moderation decision, your data or deleting your account: email the team at <ContactAddress />. Please write from the email
          address of your account if it is about your account, so we know it is you.
        </p>
        <p>
          Most answers are already in <TextLink to="/help">Help &amp; FAQ</TextLink>. For how we handle your data, see the{' '}
          <TextLink to="/privacy">Privacy Policy</TextLink>.
        </p>
      </InfoSection>
    </InfoLayout>
  );
}
