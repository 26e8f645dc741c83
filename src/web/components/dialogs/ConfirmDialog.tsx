import { Suspense, lazy, useState } from 'react';
import type { ConfirmDialogProps } from './ConfirmDialogPanel';

// Headless UI's Dialog (~10 KB gzip with its focus machinery) is fetched when a dialog first opens, not with the page.
const ConfirmDialogPanel = lazy(() => import('./ConfirmDialogPanel'));

/** A modal yes/no question: focus trapped, Escape closes, focus returns to the opener. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  // Once opened it stays mounted, so closing runs through Headless UI (focus goes back to the opener).
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  return used ? (
    <Suspense fallback={null}>
      <ConfirmDialogPanel {...props} />
    </Suspense>
  ) : null;
}
