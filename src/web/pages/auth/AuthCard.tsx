import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Logo } from '../../components/Logo';

/** The centred card every account screen sits in. */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <section className="flex justify-center bg-gradient-to-b from-emerald-50/70 to-transparent dark:from-emerald-950/40 px-4 py-10 sm:py-16">
      <div className="w-full max-w-md">
        <div className="mb-6 flex justify-center" aria-hidden="true">
          <Logo />
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-center text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {subtitle && <p className="mt-2 text-center text-sm text-slate-600">{subtitle}</p>}
          <div className="mt-6">{children}</div>
        </div>
        {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
      </div>
    </section>
  );
}

/** Why the form did not go through, above the form. */
export function FormAlert({ testId, children }: { testId?: string; children: ReactNode }) {
  return (
    <div role="alert" data-testid={testId} className="mb-5 flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <AlertCircle className="mt-0.5 h-5 w-5 shrink-0 text-red-500" aria-hidden="true" />
      {children}
    </div>
  );
}
