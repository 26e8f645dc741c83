import { type ConsentChoice, useConsent, writeConsent } from '../../app/consent/consent';

const WORDS: Record<ConsentChoice | 'none', string> = {
  accepted: 'You accepted the link-monetisation script: it loads on this device.',
  rejected: 'You rejected the link-monetisation script: it is never loaded on this device.',
  none: 'You have not chosen yet: the script is not loaded until you accept it.',
};

/** /cookies#cookie-settings: the choice kept on this device (app/consent/consent.ts), shown and changeable. */
export function CookieSettings({ configured }: { configured: boolean }) {
  const consent = useConsent();
  if (!configured) return <p data-testid="cookie-choice">There is nothing to choose: this site loads no script that sets cookies.</p>;
  const button = (choice: ConsentChoice, label: string) => (
    <button
      type="button"
      aria-pressed={consent === choice}
      onClick={() => writeConsent(choice)}
      className="min-w-28 rounded-md border border-slate-900 px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 aria-pressed:bg-slate-900 aria-pressed:text-white"
    >
      {label}
    </button>
  );
  return (
    <div className="space-y-3">
      <p data-testid="cookie-choice" aria-live="polite">
        {WORDS[consent ?? 'none']}
      </p>
      <div className="flex gap-3">
        {button('accepted', 'Accept')}
        {button('rejected', 'Reject')}
      </div>
    </div>
  );
}
