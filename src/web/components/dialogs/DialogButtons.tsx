interface Props {
  /** Spacing above the row. */
  className: string;
  cancelLabel: string;
  onCancel: () => void;
  confirmLabel: string;
  /** The confirm button's colours and focus ring colour (emerald to go ahead, red to delete). */
  confirmClass: string;
  /** Unset, the confirm button submits the dialog's form. */
  onConfirm?: () => void;
  /** While the action runs: both buttons off, so it cannot be sent twice nor left half done. */
  busy: boolean;
}

/** A dialog's closing row: Cancel, then the action; side by side on the right, stacked with the action on top on a phone. */
export function DialogButtons({ className, cancelLabel, onCancel, confirmLabel, confirmClass, onConfirm, busy }: Props) {
  return (
    <div className={`${className} flex flex-col-reverse gap-2 sm:flex-row sm:justify-end`}>
      <button
        type="button"
        onClick={onCancel}
        disabled={busy}
        className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 disabled:opacity-50"
      >
        {cancelLabel}
      </button>
      <button
        type={onConfirm ? 'button' : 'submit'}
        onClick={onConfirm}
        disabled={busy}
        className={`rounded-md px-4 py-2 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 disabled:opacity-60 ${confirmClass}`}
      >
        {confirmLabel}
      </button>
    </div>
  );
}
