import type { LucideIcon } from 'lucide-react';

/** An icon in a tinted circle, heading an empty state or a message card. `className` sizes and tints the circle. */
export function IconCircle({ icon: Icon, className, iconClassName }: { icon: LucideIcon; className: string; iconClassName: string }) {
  return (
    <span className={`flex items-center justify-center rounded-full ${className}`}>
      <Icon className={iconClassName} aria-hidden="true" />
    </span>
  );
}
