import { InfoLayout, InfoSection, TextLink } from './InfoLayout';

/** /terms (docs/notes/web-everyday.md): the Terms of Service in plain English. */
export default function TermsPage() {
  return (
    <InfoLayout
      title="Terms of Service"
      updated
      intro={
        <p>
          QuidsIn is a UK community website where members share the deals, vouchers and freebies they find, and vote them hot or cold. These terms are the rules
          for using it. They are written to be read: if something is unclear, <TextLink to="/contact">ask us</TextLink>.
        </p>
      }
    >
      <InfoSection id="about" title="1. About these terms">
        <p>
          "We" and "us" means the people who run this QuidsIn website; "you" means anyone using it. By creating an account you agree to these terms and to the
          rules on our <TextLink to="/help">Help &amp; FAQ</TextLink> page. You can browse deals without an account.
        </p>
        <p>These terms are governed by the law of England and Wales. If you live elsewhere in the UK, you may also bring a claim in your local courts.</p>
      </InfoSection>

      <InfoSection id="account" title="2. Your account">
        <ul>
          <li>You must be at least 13 years old to create an account. One account per person.</li>
          <li>Give a real email address: we use it to confirm your account and to send the password reset links you ask for.</li>
          <li>Keep your password to yourself. You are responsible for what is posted from your account.</li>
          <li>Your username, avatar, bio and the date you joined are public. Your email address is never shown to other members.</li>
        </ul>
      </InfoSection>

      <InfoSection id="posting" title="3. Posting deals and comments">
        <p>
          You keep the rights to what you post. You give us permission to show it on QuidsIn, in our feeds and in share previews, and to edit it for length,
          accuracy or clarity.
        </p>
        <p>Please only post:</p>
        <ul>
          <li>Real offers available to shoppers in the UK, with the price, the link and the details as the shop shows them.</li>
          <li>Your own words and pictures, or a picture of the product you are allowed to use.</li>
        </ul>
        <p>Do not post:</p>
        <ul>
          <li>Your own referral or affiliate links, or deals from a shop you work for without saying so.</li>
          <li>Misleading prices, fake "was" prices, counterfeit or illegal goods.</li>
          <li>Spam, adverts, abuse, hate, harassment, or anyone's personal details.</li>
        </ul>
        <p>
          New deals are checked by our team before they appear. The full posting rules are in the <TextLink to="/help#posting">FAQ</TextLink>.
        </p>
      </InfoSection>

      <InfoSection id="voting" title="4. Voting">
        <p>
          Vote with your honest opinion of the deal. Do not use several accounts, ask others to vote in a group, or vote in exchange for anything. We limit
          votes that come from one network and count votes from brand-new accounts as half a vote for their first day (see{' '}
          <TextLink to="/help#voting">voting rules</TextLink>).
        </p>
      </InfoSection>

      <InfoSection id="shops" title="5. Shops, prices and links">
        <ul>
          <li>We do not sell anything. When you buy, your contract is with the shop, and the shop's terms and your consumer rights with the shop apply.</li>
          <li>Prices and stock change quickly. Always check the price on the shop's website before you buy; a deal shown here may have ended.</li>
          <li>
            Some links to shops may earn us a small commission when you buy (for example Amazon and eBay affiliate links, or a link-monetisation service). It
            never changes the price you pay and never affects which deals are shown or their temperature.
          </li>
        </ul>
      </InfoSection>

      <InfoSection id="moderation" title="6. Moderation">
        <p>
          Moderators and administrators may edit, expire or remove deals and comments that break these terms, and close accounts that keep doing so. What the
          team does to deals is listed in the public <TextLink to="/moderation">moderation log</TextLink>. If you think we got it wrong,{' '}
          <TextLink to="/contact">tell us</TextLink>.
        </p>
      </InfoSection>

      <InfoSection id="liability" title="7. Our responsibility to you">
        <p>
          We work to keep QuidsIn accurate and available, but deals are posted by members and we cannot check every price. We provide the site as it is and are
          not responsible for what shops sell or for losses caused by relying on a deal that has changed. Nothing in these terms limits our liability where the
          law does not allow it (for example for fraud, or death or personal injury caused by negligence), and nothing affects your statutory rights.
        </p>
      </InfoSection>

      <InfoSection id="changes" title="8. Ending and changes">
        <p>
          You can stop using QuidsIn at any time and ask us to delete your account (see <TextLink to="/privacy#rights">your rights</TextLink>). If we change
          these terms we will update this page and its date; for important changes we will tell members by email before they apply.
        </p>
      </InfoSection>
    </InfoLayout>
  );
}
