import type { ReactNode } from 'react';
import { VOTE_WEIGHT_FAQ } from '../../../shared/domain/members/trust';
import { DEFAULT_TRUSTED_POSTER_THRESHOLDS, trustedPosterRule } from '../../../shared/domain/members/trusted-poster';
import { useSiteConfig } from '../../api/site';
import { BADGE_IDS, BADGES } from '../../../shared/domain/members/reputation';
import { MAX_FOLLOWS } from '../../../shared/domain/members/follows';
import {
  MAY_NOT_WORK_BELOW,
  MAY_NOT_WORK_DAYS,
  MAY_NOT_WORK_MIN_ANSWERS,
  SUCCESS_HALF_LIFE_DAYS,
  SUCCESS_WINDOW_DAYS,
} from '../../../shared/domain/shops/vouchers';
import { TextLink } from './InfoLayout';

export interface FaqEntry {
  q: string;
  a: ReactNode;
}

export interface FaqGroup {
  id: string;
  title: string;
  entries: FaqEntry[];
}

/** The questions of /help (docs/notes/web-everyday.md), by topic. Each group is a section the footer and other pages can link to. */
export const FAQ: FaqGroup[] = [
  {
    id: 'temperature',
    title: 'Temperature',
    entries: [
      {
        q: 'What is a deal’s temperature?',
        a: (
          <p>
            It is the community’s verdict: every hot vote adds one degree and every cold vote takes one away. The hotter a deal, the more members think it is
            worth having. Temperatures are shown in whole degrees.
          </p>
        ),
      },
      {
        q: 'What do the colours and the HOT badge mean?',
        a: (
          <>
            <p>
              Above 50° a deal shows red, above 25° orange, above 0° yellow; exactly 0° is grey, below 0° light blue and below −25° blue. A live deal at 1° or
              more gets the HOT badge. Expired deals are greyed out and lose the badge.
            </p>
            <p>
              In <TextLink to="/dealsBrowse">Browse Deals</TextLink>, the “Hot” filter shows deals above 25°, and “Getting Warm” lists recent deals that are
              warming up quickly.
            </p>
          </>
        ),
      },
    ],
  },
  {
    id: 'voting',
    title: 'Voting rules',
    entries: [
      {
        q: 'Who can vote, and how often?',
        a: (
          <p>
            Any member whose email address is confirmed. You get one vote per deal, hot or cold, and it cannot be changed afterwards, so take a look first. You
            cannot vote on your own deals.
          </p>
        ),
      },
      {
        q: 'Do all votes count the same?',
        a: <p>{VOTE_WEIGHT_FAQ}</p>,
      },
      {
        q: 'Why was my vote refused?',
        a: (
          <p>
            To stop vote rings, only a few votes on the same deal can come from one network (a home or office connection) within 24 hours. If several people
            share your connection and have already voted on that deal, try again later. Voting too quickly is also slowed down.
          </p>
        ),
      },
    ],
  },
  {
    id: 'posting',
    title: 'Posting rules',
    entries: [
      {
        q: 'How do I post a deal?',
        a: (
          <p>
            Sign in and press <TextLink to="/deals/create">Post a deal</TextLink>, then paste the product&apos;s link first: we read the shop&apos;s page and
            fill in the title, the price and the usual price when the page gives one, the picture, the shop and a first line of description. Check and change
            anything, add the category, the voucher code and the end date if there is one, and submit. If the page cannot be read, you fill the details in
            yourself: a clear title (up to 100 characters), a description, the prices, and a picture (PNG, JPG or GIF up to 2 MB).
          </p>
        ),
      },
      {
        q: 'The shop is not in the list',
        a: (
          <p>
            Choose “Shop not listed?” under the shop and name it. Your deal is posted under that shop straight away; the team then confirms it, corrects its
            name or merges it with a shop we already have, and gives it a logo.
          </p>
        ),
      },
      {
        q: 'Why is my deal not showing yet?',
        a: <TrustedPosterAnswer />,
      },
      {
        q: 'What makes a good deal post?',
        a: (
          <ul>
            <li>A real UK offer at the price the shop shows, with the shop’s own link, not your referral link.</li>
            <li>The usual price should be what the item really sells for, not an inflated “was” price.</li>
            <li>Search first: if the same product was posted as a live deal in the last 30 days, you will be pointed to that deal instead.</li>
            <li>No adverts, spam, counterfeit or illegal goods. Be kind in comments.</li>
          </ul>
        ),
      },
    ],
  },
  {
    id: 'moderation',
    title: 'Moderation',
    entries: [
      {
        q: 'Who moderates QuidsIn?',
        a: (
          <p>
            Moderators and administrators. They check new deals, edit or remove deals and comments that break the rules, and look at the deals members report.
          </p>
        ),
      },
      {
        q: 'How do I report a deal?',
        a: (
          <p>
            Use Report on the deal’s page and pick a reason: expired, spam, duplicate, wrong price or something else. When three members report a live deal as
            expired, it is marked expired straight away; everything else waits for the team.
          </p>
        ),
      },
      {
        q: 'Can I see what the moderators did?',
        a: (
          <p>
            Yes. Every action the team takes on a deal, and every deal the community expired, is listed with its reason in the public{' '}
            <TextLink to="/moderation">moderation log</TextLink>. It never shows who reported a deal.
          </p>
        ),
      },
    ],
  },
  {
    id: 'alerts',
    title: 'Alerts',
    entries: [
      {
        q: 'Can QuidsIn tell me when a deal I want is posted?',
        a: (
          <p>
            Yes, with keyword alerts on the <TextLink to="/alerts">Email alerts</TextLink> page. Choose a few words (a product, brand or shop), optionally a
            category, a shop, a maximum price or a minimum temperature, and we email you when a matching deal goes live: straight away or in one daily digest.
            You can have up to 25 alerts.
          </p>
        ),
      },
      {
        q: 'How do I stop alert emails?',
        a: (
          <p>
            Every alert email has an unsubscribe link that pauses that alert in one click. You can also pause, change or delete alerts on the Email alerts page.
          </p>
        ),
      },
    ],
  },
  {
    id: 'vouchers',
    title: 'Voucher codes',
    entries: [
      {
        q: 'How do I know a voucher code still works?',
        a: (
          <p>
            Members who use a code say "Worked for me" or "Didn't work". Each code shows its success rate over the last {SUCCESS_WINDOW_DAYS} days, where an
            answer counts half as much for every {SUCCESS_HALF_LIFE_DAYS} days of its age, so today's answers weigh most. A code with at least{' '}
            {MAY_NOT_WORK_MIN_ANSWERS} answers in {MAY_NOT_WORK_DAYS} days and under {MAY_NOT_WORK_BELOW * 100}% success is marked "May not work" and listed
            after the others. See them all on <TextLink to="/vouchers">Voucher codes</TextLink>.
          </p>
        ),
      },
      {
        q: 'How do I share a code?',
        a: <p>Open the shop's page and press "Share a voucher". The team checks each code before it goes live; a code the shop already has live is refused.</p>,
      },
    ],
  },
  {
    id: 'following',
    title: 'Following',
    entries: [
      {
        q: 'What does Follow do?',
        a: (
          <p>
            Follow a shop, a category or a member from their page, and their new deals appear in your Following tab and your notifications (several deals from
            one of them within an hour come as one notification). You can follow up to {MAX_FOLLOWS} and manage them on{' '}
            <TextLink to="/following">Following</TextLink>.
          </p>
        ),
      },
    ],
  },
  {
    id: 'badges',
    title: 'Badges',
    entries: BADGE_IDS.map((id) => ({
      q: BADGES[id].label,
      a: <p>{BADGES[id].rule} Badges are worked out again every hour and whenever something that moves them happens; a badge no longer earned goes away.</p>,
    })),
  },
  {
    id: 'account',
    title: 'Your account',
    entries: [
      {
        q: 'I forgot my password',
        a: (
          <p>
            Use <TextLink to="/forgot-password">Forgot password?</TextLink> on the sign-in page. We email a link that works once, for one hour. Choosing a new
            password signs you out on every device.
          </p>
        ),
      },
      {
        q: 'Can I use QuidsIn in dark mode?',
        a: <p>Yes. It follows your device’s light or dark setting, and the moon and sun switch in the header lets you pick one for this device.</p>,
      },
    ],
  },
];

/** Trusted posters, in the numbers the site is set to (TRUSTED_* settings, docs/notes/posting.md). */
function TrustedPosterAnswer() {
  const thresholds = useSiteConfig().data?.trustedPosters ?? DEFAULT_TRUSTED_POSTER_THRESHOLDS;
  return (
    <>
      <p data-testid="trusted-rule">{trustedPosterRule(thresholds)}</p>
      <p>
        Until then your deal waits for the team, and you can see it, and edit it, under <TextLink to="/user/deals">Your Deals</TextLink>, where you also find
        the team&apos;s reason if it is turned down. You are told when it goes live or is rejected; if the team tidies its title when approving it, you see the
        old and the new title. The team still sees every deal trusted members post and may pull one back to check it.
      </p>
    </>
  );
}
