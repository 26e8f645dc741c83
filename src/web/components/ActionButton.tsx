import type { ReactNode } from 'react';

interface Props {
  onClick: () => void;
  /** While the request runs: off, and saying so, so it is not sent twice. */
  busy: boolean;
  busyLabel: string;
  /** Size and placement. */
  layout: string;
  children: ReactNode;
}

/** The one emerald action of a message page (resend the mail, stop an alert). */
export function ActionButton({ onClick, busy, busyLabel, layout, children }: Props) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      className={`${layout} rounded-lg bg-emerald-700 text-sm font-semibold text-white shadow-sm hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-70`}
    >
      {busy ? busyLabel : children}
    </button>
  );
}
