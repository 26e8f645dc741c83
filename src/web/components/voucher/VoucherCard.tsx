import { AlertTriangle, Copy, Flag, ThumbsDown, ThumbsUp } from 'lucide-react';
import { useState } from 'react';
import { lastWorkedText, successText, VOUCHER_REPORT_LABELS, VOUCHER_REPORT_REASONS } from '../../../shared/domain/shops/vouchers';
import type { Voucher } from '../../../shared/schemas/catalog/vouchers';
import { useAuth } from '../../app/auth/AuthContext';
import { countVoucherCopy, useAnswerVoucher, useReportVoucher } from '../../api/vouchers';
import { useSignInPrompt } from '../SignInPrompt';
import { shortDate } from '../deal/format';
import { Link } from '../Link';

const small =
  'inline-flex items-center gap-1 rounded-md border px-2.5 py-1.5 text-xs font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500';

/**
 * One voucher (docs/notes/vouchers-follows.md): what it gives, its code, success rate, answers and when it last worked.
 * "Copy code" copies the code and opens the shop through its affiliate-tagged link in a new tab (both in the click, so
 * no pop-up blocker steps in) and counts the copy. Members answer "Worked for me" / "Didn't work" (never their own).
 */
export function VoucherCard({ voucher: v, showShop = false }: { voucher: Voucher; showShop?: boolean }) {
  const { user } = useAuth();
  const answer = useAnswerVoucher();
  const report = useReportVoucher();
  const { ask, prompt } = useSignInPrompt();
  const [copied, setCopied] = useState(false);
  const [reporting, setReporting] = useState(false);
  const own = !!user && v.postedBy?.id === user.id;
  const now = Date.now();
  const live = v.status === 'active' && !v.isExpired;

  const copy = () => {
    if (v.code) void navigator.clipboard?.writeText(v.code).catch(() => undefined);
    if (v.shopUrl) window.open(v.shopUrl, '_blank', 'noopener');
    void countVoucherCopy(v.id);
    setCopied(true);
    setTimeout(() => setCopied(false), 3000);
  };
  const send = (worked: boolean) => (user ? answer.mutate({ id: v.id, worked }) : ask('answer'));
  const rate = v.successRate;
  const rateClass = rate === null ? 'text-slate-600' : rate >= 0.7 ? 'text-emerald-700' : rate >= 0.3 ? 'text-amber-700' : 'text-red-700';
  return (
    <article
      className={`rounded-xl border bg-white p-4 shadow-sm ${v.mayNotWork ? 'border-amber-300' : 'border-slate-200'}`}
      data-testid="voucher"
      aria-label={v.title}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-[12rem] flex-1">
          {showShop && (
            <Link to={`/stores/${v.storeId}`} className="text-xs font-semibold uppercase tracking-wide text-emerald-700 hover:underline">
              {v.storeName}
            </Link>
          )}
          <h3 className="font-semibold text-slate-900">{v.title}</h3>
          {v.conditions && <p className="mt-1 whitespace-pre-line text-sm text-slate-600">{v.conditions}</p>}
          <p className="mt-1 flex flex-wrap gap-x-2 text-xs text-slate-600">
            {v.exclusive && <span className="font-semibold text-purple-700">QuidsIn exclusive</span>}
            {v.expiresAt && (
              <span>
                {v.isExpired ? 'Expired' : 'Expires'} {shortDate(v.expiresAt)}
              </span>
            )}
            {v.status === 'pending' && <span className="font-semibold text-amber-700">Waiting for the team's approval</span>}
          </p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <button
            type="button"
            onClick={copy}
            disabled={!live}
            className="inline-flex items-center gap-1.5 rounded-md border-2 border-dashed border-emerald-600 bg-emerald-50 px-3 py-2 font-mono text-sm font-bold text-emerald-800 hover:bg-emerald-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 disabled:opacity-60"
            data-testid="copy-code"
          >
            <Copy className="h-4 w-4" aria-hidden="true" />
            {copied ? 'Copied!' : v.code ? `Copy code ${v.code}` : 'Get offer (no code needed)'}
            <span className="sr-only"> (opens the shop in a new tab)</span>
          </button>
          <span className="text-xs text-slate-600" aria-live="polite">
            {v.copyCount} {v.copyCount === 1 ? 'copy' : 'copies'}
          </span>
        </div>
      </div>

      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
        {v.mayNotWork && (
          <span className="inline-flex items-center gap-1 rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">
            <AlertTriangle className="h-3.5 w-3.5" aria-hidden="true" />
            May not work
          </span>
        )}
        <span className={`font-semibold ${rateClass}`} data-testid="voucher-rate">
          {successText(rate)}
        </span>
        <span className="text-slate-600">
          {v.answerCount} {v.answerCount === 1 ? 'answer' : 'answers'} in 30 days
        </span>
        {v.lastWorkedAt && <span className="text-slate-600">{lastWorkedText(v.lastWorkedAt, now)}</span>}
      </div>

      {live && !own && (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <button
            type="button"
            aria-pressed={v.myAnswer === true}
            onClick={() => send(true)}
            disabled={answer.isPending}
            className={`${small} ${v.myAnswer === true ? 'border-emerald-700 bg-emerald-700 text-white' : 'border-slate-300 text-slate-800 hover:bg-slate-50'}`}
          >
            <ThumbsUp className="h-3.5 w-3.5" aria-hidden="true" />
            Worked for me
          </button>
          <button
            type="button"
            aria-pressed={v.myAnswer === false}
            onClick={() => send(false)}
            disabled={answer.isPending}
            className={`${small} ${v.myAnswer === false ? 'border-red-700 bg-red-700 text-white' : 'border-slate-300 text-slate-800 hover:bg-slate-50'}`}
          >
            <ThumbsDown className="h-3.5 w-3.5" aria-hidden="true" />
            Didn't work
          </button>
          {user && !reporting && (
            <button type="button" onClick={() => setReporting(true)} className={`${small} border-transparent text-slate-600 hover:text-red-700`}>
              <Flag className="h-3.5 w-3.5" aria-hidden="true" />
              Report
            </button>
          )}
          {reporting && (
            <fieldset className="inline-flex flex-wrap items-center gap-1">
              <legend className="sr-only">Report this voucher</legend>
              {VOUCHER_REPORT_REASONS.map((reason) => (
                <button
                  key={reason}
                  type="button"
                  onClick={() => report.mutate({ id: v.id, reason }, { onSettled: () => setReporting(false) })}
                  className={`${small} border-red-300 text-red-800 hover:bg-red-50`}
                >
                  {VOUCHER_REPORT_LABELS[reason]}
                </button>
              ))}
              <button type="button" onClick={() => setReporting(false)} className={`${small} border-transparent text-slate-600`}>
                Cancel
              </button>
            </fieldset>
          )}
        </div>
      )}
      {v.postedBy && (
        <p className="mt-2 text-xs text-slate-600">
          Shared by{' '}
          <Link to={`/members/${encodeURIComponent(v.postedBy.username)}`} className="hover:underline">
            {v.postedBy.username}
          </Link>
          {v.publishedAt && <> on {shortDate(v.publishedAt)}</>}
        </p>
      )}
      {prompt}
    </article>
  );
}
