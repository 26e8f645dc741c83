import { ArrowLeft, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from './Link';

interface Props {
  to: string;
  icon: LucideIcon;
  className: string;
  /** The icon's size (and colour, when not the text's). */
  iconClassName?: string;
  children: ReactNode;
}

/** A link led by an icon (a back arrow, a plus for posting): the icon is decoration, the text names the link. */
export function IconLink({ to, icon: Icon, className, iconClassName = 'h-4 w-4', children }: Props) {
  return (
    <Link to={to} className={className}>
      <Icon className={iconClassName} aria-hidden="true" />
      {children}
    </Link>
  );
}

const BACK =
  'inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-emerald-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500';

/** The small link back to the list above a detail page (a deal, a shop, a deal's edit form). */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <IconLink to={to} icon={ArrowLeft} className={BACK}>
      {children}
    </IconLink>
  );
}
