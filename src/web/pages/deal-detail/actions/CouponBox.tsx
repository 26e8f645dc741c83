import { Check, Copy, Ticket } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast/toast';
import { COPIED_MS } from '../../../lib/constants';
import { copyText } from './clipboard';

/** The coupon with Copy Code; the button reads 'Copied!' for 3 s (SPEC §2, §9). */
export function CouponBox({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    if (!(await copyText(code))) {
      toast.error('Could not copy the code. Please copy it by hand.');
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };
  return (
    <div className="flex items-stretch overflow-hidden rounded-lg border-2 border-dashed border-emerald-600 bg-emerald-50" data-testid="coupon-box">
      <div className="flex min-w-0 flex-1 items-center gap-2 px-3 py-2">
        <Ticket className="h-5 w-5 shrink-0 text-emerald-700" aria-hidden="true" />
        <div className="min-w-0">
          <p className="text-xs font-medium uppercase tracking-wide text-emerald-800">Coupon code</p>
          <p className="truncate font-mono text-lg font-bold tracking-wider text-slate-900" data-testid="coupon-code">
            {code}
          </p>
        </div>
      </div>
      <button
        type="button"
        onClick={copy}
        className="inline-flex shrink-0 items-center gap-1.5 bg-emerald-700 px-4 text-sm font-semibold text-white hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-white"
      >
        {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
        <span aria-live="polite">{copied ? 'Copied!' : 'Copy Code'}</span>
      </button>
    </div>
  );
}
