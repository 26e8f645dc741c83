import { Description, DialogTitle } from '@headlessui/react';
import { useId } from 'react';
import { ApiError } from '../../api/client';
import { useReportDeal } from '../../api/admin/reports';
import { useSchemaForm } from '../../lib/useSchemaForm';
import { REPORT_NOTE_MAX, REPORT_REASON_LABELS, REPORT_REASONS, reportCreateSchema, type ReportCreateInput } from '../../../shared/schemas/admin/reports';
import { DialogFrame } from '../dialogs/DialogFrame';
import { DialogButtons } from '../dialogs/DialogParts';

interface Props {
  open: boolean;
  dealId: number;
  dealTitle: string;
  onClose: () => void;
}

/** The Report dialog: one reason (in words), a note (required for "Something else", at most 500 characters). */
export default function ReportDialog({ open, dealId, dealTitle, onClose }: Props) {
  const ids = { reasons: useId(), note: useId() };
  const report = useReportDeal(dealId);
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    trigger,
    formState: { errors },
  } = useSchemaForm(reportCreateSchema, { reason: undefined as unknown as ReportCreateInput['reason'], note: '' });
  const note = String(watch('note') ?? '');
  const reason = watch('reason');
  const noteInvalid = !!errors.note;
  // "Please tell us..." belongs to "Something else": another reason checks the note again at once.
  const recheckNote = () => {
    if (noteInvalid) void trigger('note');
  };
  const close = () => {
    if (report.isPending) return;
    onClose();
  };

  const submit = (values: ReportCreateInput) =>
    report.mutate(values, {
      onSuccess: () => {
        reset();
        onClose();
      },
      onError: (err) => {
        // A field's refusal stays in the dialog; anything else (already reported, no longer active) has said it in the toast.
        if (err instanceof ApiError && (err.field === 'note' || err.field === 'reason')) setError(err.field, { message: err.message });
        else if (err instanceof ApiError && err.status !== 429 && err.status !== 0) onClose();
      },
    });

  const noteError = errors.note?.message as string | undefined;
  const reasonError = errors.reason?.message as string | undefined;
  return (
    <DialogFrame open={open} onClose={close} panelClassName="max-w-md p-5 sm:p-6" testId="report-dialog">
      <form onSubmit={handleSubmit(submit)} noValidate>
        <DialogTitle className="text-lg font-semibold text-slate-900">Report this deal</DialogTitle>
        <Description className="mt-1 text-sm text-slate-600">
          Tell the team what is wrong with “<span className="font-medium text-slate-800">{dealTitle}</span>”. Your report is only seen by moderators.
        </Description>

        <fieldset className="mt-4" aria-describedby={reasonError ? `${ids.reasons}-error` : undefined}>
          <legend className="text-sm font-medium text-slate-700">Reason</legend>
          <div className="mt-2 space-y-1.5">
            {REPORT_REASONS.map((r) => (
              <label
                key={r}
                className="flex cursor-pointer items-center gap-2.5 rounded-lg border border-slate-200 px-3 py-2.5 text-sm text-slate-800 hover:bg-slate-50 has-[:checked]:border-emerald-600 has-[:checked]:bg-emerald-50"
              >
                <input
                  type="radio"
                  value={r}
                  className="h-4 w-4 border-slate-300 text-emerald-600 focus:ring-2 focus:ring-emerald-500"
                  {...register('reason', { onChange: recheckNote })}
                />
                {REPORT_REASON_LABELS[r]}
              </label>
            ))}
          </div>
          {reasonError && (
            <p id={`${ids.reasons}-error`} className="mt-1 text-sm text-red-600">
              {reasonError}
            </p>
          )}
        </fieldset>

        <div className="mt-4">
          <div className="mb-1.5 flex items-center justify-between gap-2">
            <label htmlFor={ids.note} className="text-sm font-medium text-slate-700">
              Note{reason === 'other' ? '' : <span className="font-normal text-slate-500"> (optional)</span>}
            </label>
            <span className={`text-xs ${note.length > REPORT_NOTE_MAX ? 'text-red-600' : 'text-slate-500'}`} aria-live="polite">
              {note.length}/{REPORT_NOTE_MAX}
            </span>
          </div>
          <textarea
            id={ids.note}
            rows={3}
            aria-invalid={noteError ? true : undefined}
            aria-describedby={noteError ? `${ids.note}-error` : undefined}
            placeholder={reason === 'duplicate' ? 'A link to the other deal helps' : 'What should the team know?'}
            className={`block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-none focus:ring-2 ${
              noteError ? 'border-red-400 focus:ring-red-200' : 'border-slate-300 focus:border-emerald-500 focus:ring-emerald-200'
            }`}
            {...register('note')}
          />
          {noteError && (
            <p id={`${ids.note}-error`} className="mt-1 text-sm text-red-600">
              {noteError}
            </p>
          )}
        </div>

        <DialogButtons
          className="mt-5"
          cancelLabel="Cancel"
          onCancel={close}
          confirmLabel={report.isPending ? 'Sending...' : 'Send report'}
          confirmClass="bg-emerald-700 text-white hover:bg-emerald-800 focus-visible:ring-emerald-500"
          busy={report.isPending}
        />
      </form>
    </DialogFrame>
  );
}
