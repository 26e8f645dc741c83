/** Demo members (all verified). Their password is documented in docs/notes/deals-api.md. */
export const DEMO_PASSWORD = 'Demo-Passw0rd';

export const DEMO_MEMBERS: Array<{ username: string; bio: string | null; role: string }> = [
  { username: 'bargain_bex', bio: 'Mum of two from Leeds. If it is on offer, I have probably posted it.', role: 'user' },
  { username: 'dealhunter_sam', bio: 'Tech deals and price drops, mostly Amazon and Currys.', role: 'user' },
  { username: 'frugal_fiona', bio: 'Groceries, household bits and anything with a coupon.', role: 'user' },
  { username: 'quidsin_mod', bio: 'Community moderator. Be nice, post links.', role: 'moderator' },
  { username: 'gamer_gaz', bio: 'Console bundles and cheap games keys.', role: 'user' },
  { username: 'diy_dave', bio: 'Screwfix regular. Cordless everything.', role: 'user' },
  { username: 'thrifty_tom', bio: null, role: 'user' },
  { username: 'savvy_sophie', bio: 'Beauty, fashion and the odd holiday bargain.', role: 'user' },
  { username: 'penny_pincher', bio: 'Every penny counts.', role: 'user' },
  { username: 'outdoor_olly', bio: 'Camping kit, bikes and walking boots.', role: 'user' },
  { username: 'kitchen_kate', bio: 'Air fryers are my love language.', role: 'user' },
  { username: 'cashback_carl', bio: 'Stacking cashback on top of deals since 2012.', role: 'user' },
];

/** Quiet members who only vote, so temperatures span cold to well past hot (> 25). */
export const QUIET_MEMBER_COUNT = 110;
