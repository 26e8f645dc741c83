import { Bot, FolderTree, List, Store, Users } from 'lucide-react';
import { type ScreenLink, ScreenLinks } from '../components/ScreenLinks';

const QUICK: ScreenLink[] = [
  { label: 'Categories', text: 'Add, rename and remove deal categories.', to: '/admin/categories', icon: FolderTree },
  { label: 'Stores', text: 'Manage merchants and their logos.', to: '/admin/stores', icon: Store },
  { label: 'Deals', text: 'Review pending deals, edit and activate.', to: '/admin/deals', icon: List },
  { label: 'Users', text: 'See members and change their roles.', to: '/admin/users', icon: Users },
  { label: 'Scrapers', text: 'Import deals from the deals website.', to: '/admin/scrapers', icon: Bot },
];

/** Shortcuts to every admin screen. */
export function QuickAccess() {
  return <ScreenLinks screens={QUICK} className="sm:grid-cols-2 lg:grid-cols-3" />;
}
