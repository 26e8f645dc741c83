import { Flame, type LucideIcon } from 'lucide-react';

export interface Slide {
  title: string;
  text: string;
  cta: string;
  href: string;
  /** The slide's decorative icon: its own, or (`category`) the icon of that category, fetched with the others later. */
  icon?: LucideIcon;
  category?: string;
  background: string;
}

/**
 * The 4 promo slides of SPEC §2 Home: hottest deals and categories 1, 3 and 5 (Electronics, Gaming, Clothing &
 * Accessories in the reference data); every slide also links to the browse page.
 */
export const SLIDES: Slide[] = [
  {
    title: "Today's hottest deals",
    text: 'The bargains UK shoppers voted hottest right now, from tech to the weekly shop.',
    cta: 'See hot deals',
    href: '/dealsBrowse?status=active&sort=hottest',
    icon: Flame,
    background: 'from-orange-700 via-red-700 to-rose-800',
  },
  {
    title: 'Tech for less',
    text: 'Headphones, TVs, phones and smart home kit at prices worth shouting about.',
    cta: 'Shop Electronics deals',
    href: '/dealsBrowse?category=1',
    category: 'Electronics',
    background: 'from-emerald-800 via-emerald-700 to-teal-700',
  },
  {
    title: 'Level up for less',
    text: 'Consoles, games and subscriptions, spotted by gamers who hate paying full price.',
    cta: 'Shop Gaming deals',
    href: '/dealsBrowse?category=3',
    category: 'Gaming',
    background: 'from-indigo-800 via-indigo-700 to-blue-700',
  },
  {
    title: 'Wardrobe refresh',
    text: 'Big-name clothing and accessories with the discount already worked out for you.',
    cta: 'Shop Clothing & Accessories deals',
    href: '/dealsBrowse?category=5',
    category: 'Clothing & Accessories',
    background: 'from-fuchsia-800 via-purple-700 to-violet-700',
  },
];
