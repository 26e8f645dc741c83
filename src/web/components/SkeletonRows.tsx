import type { AriaAttributes } from 'react';
import { skeletonKeys } from '../lib/skeleton-keys';

interface Props extends AriaAttributes {
  count: number;
  className: string;
  itemClassName: string;
  /** The block each row starts with: an avatar's disc unless given (a thumbnail's square). */
  lead?: string;
  /** The text bars beside it, top to bottom. */
  bars: string[];
}

/** A loading list drawn as the rows it will hold, so nothing moves when they arrive. */
export function SkeletonRows({ count, className, itemClassName, lead = 'h-9 w-9 rounded-full bg-slate-200', bars, ...aria }: Props) {
  return (
    <ul className={className} {...aria}>
      {skeletonKeys(count).map((key) => (
        <li key={key} className={itemClassName}>
          <div className={lead} />
          <div className="flex-1 space-y-2">
            {bars.map((bar) => (
              <div key={bar} className={bar} />
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}
