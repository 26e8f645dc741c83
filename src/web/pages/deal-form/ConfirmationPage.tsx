import { CheckCircle2 } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../components/Link';
import type { Deal } from '../../../shared/schemas/deals/deals';
import { DealImage } from '../../components/deal/DealImage';
import { MessagePage } from '../../components/MessagePage';
import { priceText } from '../../components/deal/format';
import { WasPrice } from '../../components/deal/WasPrice';

const linkPrimary =
  'rounded-lg bg-emerald-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2';
const linkSecondary =
  'rounded-lg border border-slate-300 bg-white px-5 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2';

const isDeal = (v: unknown): v is Deal => !!v && typeof v === 'object' && typeof (v as Deal).id === 'number' && typeof (v as Deal).title === 'string';

/** SPEC §2 Submission confirmation: the deal carried in router state, or a generic 'Deal Submitted'. */
export default function ConfirmationPage() {
  const state = useLocation().state as { deal?: unknown } | null;
  const deal = isDeal(state?.deal) ? state.deal : null;

  useEffect(() => {
    document.title = 'Deal submitted — QuidsIn';
  }, []);

  if (!deal) {
    return (
      <MessagePage
        top={<CheckCircle2 className="mx-auto h-14 w-14 text-emerald-600" aria-hidden="true" />}
        title="Deal Submitted"
        actions={
          <div className="mt-8">
            <Link to="/dealsBrowse" className={linkPrimary}>
              Back to Deals
            </Link>
          </div>
        }
      >
        <p>Thanks for sharing a deal. Our team reviews every submission before it goes live.</p>
      </MessagePage>
    );
  }

  const lines = deal.description.split(/\r?\n/).slice(0, 3).join('\n');
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
      <div className="text-center">
        <CheckCircle2 className="mx-auto h-14 w-14 text-emerald-600" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">Thank You for Your Submission!</h1>
        <p className="mt-2 text-slate-600">Your deal is waiting for a quick check by our team and will appear on QuidsIn once approved.</p>
      </div>
      <article className="mt-8 flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row" data-testid="submitted-deal">
        <div className="w-full shrink-0 overflow-hidden rounded-lg border border-slate-100 sm:w-48">
          <DealImage deal={deal} width={192} height={144} first className="w-full" />
        </div>
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900">{deal.title}</h2>
          <p className="mt-1 flex flex-wrap items-baseline gap-x-2">
            <span className="text-xl font-extrabold text-emerald-700">{priceText(deal.price)}</span>
            <WasPrice price={deal.price} originalPrice={deal.originalPrice} className="text-slate-500" />
          </p>
          <p className="mt-2 line-clamp-3 whitespace-pre-line text-sm text-slate-600">{lines}</p>
        </div>
      </article>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/dealsBrowse" className={linkSecondary}>
          Back to Deals
        </Link>
        <Link to={`/dealDetail/${deal.id}`} className={linkPrimary}>
          View Deal Details
        </Link>
      </div>
    </section>
  );
}
