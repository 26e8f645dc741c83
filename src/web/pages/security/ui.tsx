import type { ReactNode } from 'react';

/** The Security page's pieces: a section card, buttons and fields in the site's style (light and dark). */
export function Section({ id, title, intro, children }: { id: string; title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{intro}</p>
      <div className="mt-4">{children}</div>
    </section>
  );
}

const focus = 'focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700';
export const primaryButton = `rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 disabled:opacity-60 ${focus}`;
export const secondaryButton = `rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60 ${focus}`;
export const inputClass =
  'mt-1 block w-full max-w-xs rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600';

export function Field({ id, label, ...props }: { id: string; label: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input id={id} className={inputClass} {...props} />
    </div>
  );
}

/** A text field's state in place of the input's change event: what the password and code fields below take. */
type TextValue = { id: string; value: string; onChange: (value: string) => void };

/** The member's current password, confirming a change (the browser's password manager may fill it). */
export function PasswordField({ id, label = 'Your password', value, onChange }: TextValue & { label?: string }) {
  return <Field id={id} label={label} type="password" autoComplete="current-password" value={value} onChange={(e) => onChange(e.target.value)} />;
}

/** A code from the authenticator app (the phone's keyboard shows digits; the browser may offer a code it received). */
export function CodeField({ id, value, onChange }: TextValue) {
  return <Field id={id} label="Code from the app" inputMode="numeric" autoComplete="one-time-code" value={value} onChange={(e) => onChange(e.target.value)} />;
}

export function ErrorText({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="mt-2 text-sm text-red-700">
      {children}
    </p>
  );
}

/** Recovery codes, shown once: a list to copy or print. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 p-4">
      <h3 className="text-sm font-semibold text-amber-900">Save your recovery codes</h3>
      <p className="mt-1 text-sm text-amber-900">Each code signs you in once if you lose your phone. They are shown only now: keep them somewhere safe.</p>
      <ul aria-label="Recovery codes" data-testid="recovery-codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm text-slate-900 sm:grid-cols-5">
        {codes.map((c) => (
          <li key={c} className="rounded bg-white px-2 py-1 text-center">
            {c}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex gap-2">
        <button type="button" className={secondaryButton} onClick={() => navigator.clipboard?.writeText(codes.join('\n'))}>
          Copy codes
        </button>
        <button type="button" className={primaryButton} onClick={onDone}>
          I have saved them
        </button>
      </div>
    </div>
  );
}
