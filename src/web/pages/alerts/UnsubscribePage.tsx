import { BellOff, CheckCircle2, LinkIcon } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Link } from '../../components/Link';
import { ALERT_MESSAGES } from '../../../shared/schemas/members/alerts';
import { useUnsubscribe, useUnsubscribeTarget } from '../../api/members/alerts';
import { errorMessage } from '../../api/client';
import { usePageTitle } from '../../app/usePageTitle';
import { IconCircle } from '../../components/icons/IconCircle';
import { ActionButton, MessagePage } from '../../components/MessagePage';
import { Spinner } from '../../components/Spinner';

const linkClass =
  'inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-5 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500';

/**
 * /alerts/unsubscribe?token=... (the link in every alert email): works without signing in. It names the alert the link
 * would stop (GET changes nothing, so a mail scanner following the link stops nothing), and a button pauses it
 * (the same POST a mail client's one-click unsubscribe makes). Paused, not deleted: the member can resume it on /alerts.
 */
export default function UnsubscribePage() {
  usePageTitle('Stop an alert');
  const token = (useSearchParams()[0].get('token') ?? '').trim();
  const target = useUnsubscribeTarget(token);
  const stop = useUnsubscribe(token);
  const actions = (
    <div className="mt-6 flex flex-wrap justify-center gap-2">
      <Link to="/alerts" className={linkClass}>
        Manage your alerts
      </Link>
      <Link to="/" className={linkClass}>
        Back to deals
      </Link>
    </div>
  );

  if (!token || target.isError) {
    const message = token ? errorMessage(target.error, 'This unsubscribe link could not be checked. Please try again.') : ALERT_MESSAGES.invalidLink;
    return (
      <MessagePage
        role="alert"
        top={<IconCircle icon={LinkIcon} className="mx-auto h-16 w-16 bg-red-50" iconClassName="h-8 w-8 text-red-600" />}
        title={message === ALERT_MESSAGES.gone ? 'Alert not found' : 'This link does not work'}
        actions={actions}
      >
        <p>{/[.!?]$/.test(message) ? message : `${message}.`}</p>
        <p className="mt-2 text-sm">Copy the whole link from the email, or sign in and pause or delete the alert on your alerts page.</p>
      </MessagePage>
    );
  }
  if (target.isLoading || !target.data) return <Spinner label="Checking your link" fullPage />;

  const alert = target.data;
  if (alert.paused) {
    return (
      <MessagePage
        role="status"
        top={<IconCircle icon={CheckCircle2} className="mx-auto h-16 w-16 bg-emerald-50" iconClassName="h-8 w-8 text-emerald-600" />}
        title="Alert paused"
        actions={actions}
      >
        <p data-testid="unsubscribe-result">
          We won't email you about “<strong className="font-semibold text-slate-900">{alert.query}</strong>” any more. You can resume it any time on{' '}
          <Link to="/alerts" className="font-semibold text-emerald-800 underline">
            your alerts page
          </Link>
          .
        </p>
      </MessagePage>
    );
  }

  return (
    <MessagePage top={<IconCircle icon={BellOff} className="mx-auto h-16 w-16 bg-amber-50" iconClassName="h-8 w-8 text-amber-700" />} title="Stop this alert?">
      <p>
        You will stop getting emails for your alert “<strong className="font-semibold text-slate-900">{alert.query}</strong>”. It is paused, not deleted: you
        can resume it later on your alerts page.
      </p>
      <div className="mt-6 flex flex-col items-center gap-2">
        <ActionButton
          onClick={() => stop.mutate()}
          busy={stop.isPending}
          busyLabel="Stopping..."
          layout="inline-flex items-center justify-center gap-2 px-6 py-3"
        >
          Stop emails for this alert
        </ActionButton>
        {stop.isError && (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(stop.error, 'The alert could not be stopped. Please try again.')}
          </p>
        )}
        <Link to="/" className="mt-2 text-sm font-medium text-slate-600 underline hover:text-slate-900">
          Keep it and go to the deals
        </Link>
      </div>
    </MessagePage>
  );
}
