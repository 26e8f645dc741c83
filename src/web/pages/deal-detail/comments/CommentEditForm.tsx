import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { COMMENT_MAX } from '../../../../shared/domain/constants';
import { COMMENT_EDIT_MINUTES } from '../../../../shared/domain/comment-edit';

/** Its author's edit of a comment, in place of the text (focused when it opens; Escape cancels). */
export function CommentEditForm({ initial, busy, onSave, onCancel }: { initial: string; busy: boolean; onSave: (text: string) => void; onCancel: () => void }) {
  const [text, setText] = useState(initial);
  const box = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  useEffect(() => box.current?.focus(), []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) onSave(text);
  };
  return (
    <form onSubmit={submit} className="mt-1" data-testid="comment-edit-form">
      <label htmlFor={id} className="sr-only">
        Edit your comment
      </label>
      <textarea
        ref={box}
        id={id}
        rows={2}
        maxLength={COMMENT_MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && onCancel()}
        aria-describedby={`${id}-note`}
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-emerald-500 focus:outline-none focus:ring-2 focus:ring-emerald-200"
      />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <p id={`${id}-note`} className="text-xs text-slate-500">
          You can edit a comment for {COMMENT_EDIT_MINUTES} minutes after posting it; it then shows as edited.
        </p>
        <div className="flex gap-2">
          <button type="button" onClick={onCancel} className="rounded-md px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-100">
            Cancel
          </button>
          <button
            type="submit"
            disabled={!text.trim() || busy}
            className="rounded-md bg-emerald-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
          >
            {busy ? 'Saving...' : 'Save'}
          </button>
        </div>
      </div>
    </form>
  );
}
