import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { COMMENT_MAX } from '../../../../shared/domain/constants';

/**
 * The inline box for a comment's text, focused when it opens (Escape cancels): a reply under a thread and its author's
 * edit in place of the text both use it, with their own label, note and submit button wording.
 */
export function CommentTextForm(props: {
  initial?: string;
  /** What the box is for; `labelHidden` leaves it to screen readers (the box stands where the text was). */
  label: ReactNode;
  labelHidden?: boolean;
  /** A line under the box, which the box points at as its description. */
  note?: ReactNode;
  /** The submit button's words when idle and while the text is being sent. */
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  className: string;
  testId: string;
  onSubmit: (text: string) => void;
  onCancel: () => void;
}) {
  const { note, labelHidden, busy, onCancel } = props;
  const [text, setText] = useState(props.initial ?? '');
  const box = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  useEffect(() => box.current?.focus(), []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) props.onSubmit(text);
  };
  return (
    <form onSubmit={submit} className={props.className} data-testid={props.testId}>
      <label htmlFor={id} className={labelHidden ? 'sr-only' : 'text-sm font-semibold text-slate-800'}>
        {props.label}
      </label>
      <textarea
        ref={box}
        id={id}
        rows={2}
        maxLength={COMMENT_MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && onCancel()}
        aria-describedby={note ? `${id}-note` : undefined}
        className={`${labelHidden ? '' : 'mt-2 '}block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-emerald-500 focus:outline-none focus:ring-2 focus:ring-emerald-200`}
      />
      <div className={`mt-2 flex flex-wrap items-center gap-2 ${note ? 'justify-between' : 'justify-end'}`}>
        {note && (
          <p id={`${id}-note`} className="text-xs text-slate-500">
            {note}
          </p>
        )}
        <div className="flex gap-2">
          <button type="button" onClick={onCancel} className="rounded-md px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-100">
            Cancel
          </button>
          <button
            type="submit"
            disabled={!text.trim() || busy}
            className="rounded-md bg-emerald-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
          >
            {busy ? props.busyLabel : props.submitLabel}
          </button>
        </div>
      </div>
    </form>
  );
}
