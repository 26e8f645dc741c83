import { MessageCircle, Trash2 } from 'lucide-react';
import { type FormEvent, forwardRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Comment } from '../../../shared/api';
import { COMMENT_MAX_LENGTH as COMMENT_MAX } from './limits';
import { isModeratorUser, useAuth } from '../../app/auth/AuthContext';
import { errorMessage } from '../../api/client';
import { useAddComment, useComments, useDeleteComment } from '../../api/comments';
import { Avatar } from '../../components/Avatar';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { commentDate } from '../../components/deal/format';
import { toast } from '../../lib/toast';

/**
 * Comments of a deal (SPEC §2, §5, §8): the list, delete for one's own comments (any for moderators and admins) after a
 * confirmation, and an add box whose Post button stays disabled while the text is empty.
 */
export const Comments = forwardRef<HTMLTextAreaElement, { dealId: number }>(function Comments({ dealId }, inputRef) {
  const { user, isAuthenticated } = useAuth();
  const location = useLocation();
  const comments = useComments(dealId);
  const add = useAddComment(dealId);
  const remove = useDeleteComment(dealId);
  const [text, setText] = useState('');
  const [toDelete, setToDelete] = useState<Comment | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isAuthenticated) {
      toast.error('Please log in to add a comment');
      return;
    }
    if (!text.trim()) {
      toast.error('Comment cannot be empty');
      return;
    }
    add.mutate(text, {
      onSuccess: () => {
        setText('');
        toast.success('Comment added successfully');
      },
      onError: (err) => toast.error(errorMessage(err, 'Failed to add comment')),
    });
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => toast.success('Comment deleted successfully'),
      onError: (err) => toast.error(errorMessage(err, 'Failed to delete comment')),
      onSettled: () => setToDelete(null),
    });
  };

  const canDelete = (c: Comment) => !!user && (user.id === c.userId || isModeratorUser(user));

  return (
    <div>
      <form onSubmit={submit} className="rounded-xl border border-slate-200 bg-slate-50 p-3">
        <label htmlFor="comment-text" className="text-sm font-semibold text-slate-800">
          Add a comment
        </label>
        <textarea
          ref={inputRef}
          id="comment-text"
          rows={3}
          maxLength={COMMENT_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={isAuthenticated ? 'What do you think of this deal?' : 'Sign in to join the discussion'}
          className="mt-2 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-emerald-500 focus:outline-none focus:ring-2 focus:ring-emerald-200"
        />
        <div className="mt-2 flex items-center justify-between gap-2">
          {isAuthenticated ? (
            <span className="text-xs text-slate-500">
              {text.length}/{COMMENT_MAX}
            </span>
          ) : (
            <span className="text-sm text-slate-600">
              <Link to="/login" state={{ from: location.pathname }} className="font-semibold text-emerald-700 hover:underline">
                Sign in
              </Link>{' '}
              to comment.
            </span>
          )}
          <button
            type="submit"
            disabled={!text.trim() || add.isPending}
            className="rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
          >
            {add.isPending ? 'Posting...' : 'Post Comment'}
          </button>
        </div>
      </form>

      <div className="mt-5" aria-live="polite">
        {comments.isLoading ? (
          <ul className="space-y-4" aria-hidden="true">
            {[0, 1].map((i) => (
              <li key={i} className="flex animate-pulse gap-3">
                <div className="h-9 w-9 rounded-full bg-slate-200" />
                <div className="flex-1 space-y-2">
                  <div className="h-3 w-40 rounded bg-slate-200" />
                  <div className="h-4 w-3/4 rounded bg-slate-200" />
                </div>
              </li>
            ))}
          </ul>
        ) : comments.isError ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            Failed to load comments. Please try again.
          </p>
        ) : !comments.data?.length ? (
          <p className="flex items-center gap-2 py-6 text-sm text-slate-600">
            <MessageCircle className="h-5 w-5 text-slate-400" aria-hidden="true" />
            No comments yet. Be the first to comment!
          </p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="comment-list">
            {comments.data.map((c) => (
              <li key={c.id} className="flex gap-3 py-4" data-testid="comment">
                <Avatar user={{ username: c.username, avatarUrl: c.avatarUrl }} size={36} />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <p className="text-sm">
                      <span className="font-semibold text-slate-900">{c.username}</span>{' '}
                      <time dateTime={c.createdAt} className="text-slate-500">
                        {commentDate(c.createdAt)}
                      </time>
                    </p>
                    {canDelete(c) && (
                      <button
                        type="button"
                        onClick={() => setToDelete(c)}
                        aria-label={`Delete comment by ${c.username}`}
                        className="rounded p-1 text-slate-500 hover:bg-red-50 hover:text-red-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500"
                      >
                        <Trash2 className="h-4 w-4" aria-hidden="true" />
                      </button>
                    )}
                  </div>
                  <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-700">{c.text}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>

      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Comment"
        message="Are you sure you want to delete this comment?"
        busy={remove.isPending}
        busyLabel="Deleting..."
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </div>
  );
});
