import { AlertCircle, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Logo } from '../../components/Logo';
import { IconCircle } from '../../components/icons/IconCircle';

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

const NOTICE_ICON = {
  sent: ['h-16 w-16 bg-emerald-50', 'h-8 w-8 text-emerald-600'],
  failed: ['h-14 w-14 bg-red-50', 'h-7 w-7 text-red-600'],
} as const;

/** An account screen that tells rather than asks (a mail is on its way, a link is not valid): an icon, the text, the ways on. */
export function AuthNotice({ title, icon, tone, children }: { title: string; icon: LucideIcon; tone: keyof typeof NOTICE_ICON; children: ReactNode }) {
  const [circle, glyph] = NOTICE_ICON[tone];
  return (
    <AuthCard title={title}>
      <div className="flex flex-col items-center text-center">
        <IconCircle icon={icon} className={circle} iconClassName={glyph} />
        {children}
      </div>
    </AuthCard>
  );
}

/** An account screen waiting on the server (a link being checked): the title over a spinner, and a line if given. */
export function AuthWaiting({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <AuthCard title={title}>
      <div role="status" className="flex flex-col items-center py-4 text-center">
        <span className="h-10 w-10 animate-spin rounded-full border-4 border-emerald-200 border-t-emerald-600" aria-hidden="true" />
        {children && <p className="mt-4 text-sm text-slate-600">{children}</p>}
      </div>
    </AuthCard>
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
