import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { Comment } from '../../../../shared/schemas/comments';
import { COMMENT_MAX } from '../../../../shared/domain/constants';

/** The inline box for a reply, focused when it opens. */
export function ReplyForm({ parent, busy, onSubmit, onCancel }: { parent: Comment; busy: boolean; onSubmit: (text: string) => void; onCancel: () => void }) {
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  useEffect(() => box.current?.focus(), []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) onSubmit(text);
  };
  return (
    <form onSubmit={submit} className="mb-3 ml-12 rounded-lg border border-slate-200 bg-slate-50 p-3" data-testid="reply-form">
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        Your reply to {parent.username}
      </label>
      <textarea
        ref={box}
        id={id}
        rows={2}
        maxLength={COMMENT_MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && onCancel()}
        className="mt-2 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-emerald-500 focus:outline-none focus:ring-2 focus:ring-emerald-200"
      />
      <div className="mt-2 flex justify-end gap-2">
        <button type="button" onClick={onCancel} className="rounded-md px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-100">
          Cancel
        </button>
        <button
          type="submit"
          disabled={!text.trim() || busy}
          className="rounded-md bg-emerald-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
        >
          {busy ? 'Posting...' : 'Post Reply'}
        </button>
      </div>
    </form>
  );
}
