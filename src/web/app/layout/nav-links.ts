import { Flame, Sparkles, ThermometerSun } from 'lucide-react';

export const SORT_LINKS = [
  { sort: 'newest', label: 'New', icon: Sparkles },
  { sort: 'getting-warm', label: 'Getting Warm', icon: ThermometerSun },
  { sort: 'hottest', label: 'Hottest', icon: Flame },
] as const;

export const sortHref = (sort: string) => `/dealsBrowse?status=active&sort=${sort}`;

/** The signed-in member's own pages, in the account menu and the mobile menu alike. */
export const ACCOUNT_LINKS: ReadonlyArray<readonly [string, string]> = [
  ['Your Profile', '/user/profile'],
  ['Your Deals', '/user/deals'],
  ['Your Saved Deals', '/user/saved-deals'],
  ['Your Comments', '/user/comments'],
  ['Alerts', '/alerts'],
];
