import { Download } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { CSV_MAX_DAYS, daysBetween } from '../../../../shared/domain/shops/analytics';
import { downloadDailyCsv } from '../../../api/admin/admin-analytics';
import { errorMessage } from '../../../api/client';
import { toast } from '../../../lib/toast/toast';
import { btnSecondary, inputClass, labelClass } from '../components/buttons';

/** The daily rows of a range as a CSV file (up to CSV_MAX_DAYS days), the shown period's days to start with. */
export function CsvDownload({ from: initialFrom, to: initialTo }: { from: string; to: string }) {
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(initialTo);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setFrom(initialFrom);
    setTo(initialTo);
  }, [initialFrom, initialTo]);
  const problem =
    !from || !to
      ? 'Choose both days'
      : to < from
        ? 'The last day is before the first'
        : daysBetween(from, to) > CSV_MAX_DAYS
          ? `At most ${CSV_MAX_DAYS} days`
          : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (problem) return;
    setBusy(true);
    try {
      await downloadDailyCsv(from, to);
    } catch (err) {
      toast.error(errorMessage(err, 'Could not download the figures'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label="Download the daily figures as CSV">
      <div>
        <label htmlFor="csv-from" className={labelClass}>
          From
        </label>
        <input id="csv-from" type="date" className={`${inputClass} mt-1`} value={from} onChange={(e) => setFrom(e.target.value)} />
      </div>
      <div>
        <label htmlFor="csv-to" className={labelClass}>
          To
        </label>
        <input id="csv-to" type="date" className={`${inputClass} mt-1`} value={to} onChange={(e) => setTo(e.target.value)} />
      </div>
      <button type="submit" className={btnSecondary} disabled={busy || !!problem} aria-describedby={problem ? 'csv-problem' : undefined}>
        <Download className="h-4 w-4" aria-hidden="true" />
        {busy ? 'Preparing...' : 'Download CSV'}
      </button>
      {problem && (
        <p id="csv-problem" className="w-full text-sm text-red-700" role="status">
          {problem}
        </p>
      )}
    </form>
  );
}
