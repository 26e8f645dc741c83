import { MessageCircle } from 'lucide-react';
import { type FormEvent, forwardRef, useEffect, useMemo, useState } from 'react';
import type { Comment } from '../../../../shared/schemas/deals/comments';
import { COMMENT_MAX } from '../../../../shared/domain/constants';
import { canDeleteComment } from '../../../../shared/domain/access/permissions';
import { canEditComment } from '../../../../shared/domain/deals/comment-edit';
import { isOwner } from '../../../../shared/domain/access/roles';
import { useAuth } from '../../../app/auth/AuthContext';
import { useAddComment, useCommentLike, useComments, useDeleteComment, useEditComment } from '../../../api/deals/comments';
import { ConfirmDialog } from '../../../components/dialogs/ConfirmDialog';
import { useSignInPrompt } from '../../../components/SignInPrompt';
import { SkeletonRows } from '../../../components/SkeletonRows';
import { toast } from '../../../lib/toast/toast';
import { type CommentActions, CommentThread } from './CommentThread';

const draftKey = (dealId: number) => `comment-draft-${dealId}`;

/** A visitor's unsent comment waits in the tab while they log in, and is back in the box on their return. */
function takeDraft(dealId: number): string {
  try {
    const draft = sessionStorage.getItem(draftKey(dealId)) ?? '';
    sessionStorage.removeItem(draftKey(dealId));
    return draft;
  } catch {
    return '';
  }
}

/**
 * Comments of a deal (SPEC §2, §5, §8; docs/notes/web-everyday.md): top-level comments oldest first with their replies indented under
 * them, Reply on each top-level comment, likes (not on one's own), delete for one's own comments (any for moderators
 * and admins) after a confirmation, and an add box whose Post button stays disabled while the text is empty. A
 * visitor who posts, replies or likes gets the sign-in prompt.
 */
export const Comments = forwardRef<HTMLTextAreaElement, { dealId: number }>(function Comments({ dealId }, inputRef) {
  const { user, isAuthenticated } = useAuth();
  const comments = useComments(dealId);
  const add = useAddComment(dealId);
  const reply = useAddComment(dealId);
  const like = useCommentLike(dealId);
  const remove = useDeleteComment(dealId);
  const edit = useEditComment(dealId);
  const signIn = useSignInPrompt();
  const [text, setText] = useState(() => takeDraft(dealId));
  const [toDelete, setToDelete] = useState<Comment | null>(null);
  const [replyTo, setReplyTo] = useState<number | null>(null);

  // Signed out while writing a reply: the box goes (a visitor cannot post it).
  useEffect(() => {
    if (!isAuthenticated) setReplyTo(null);
  }, [isAuthenticated]);

  const threads = useMemo(() => {
    const all = comments.data ?? [];
    const replies = new Map<number, Comment[]>();
    for (const c of all) if (c.parentId !== null) replies.set(c.parentId, [...(replies.get(c.parentId) ?? []), c]);
    return all.filter((c) => c.parentId === null).map((c) => ({ comment: c, replies: replies.get(c.id) ?? [] }));
  }, [comments.data]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isAuthenticated) {
      try {
        if (text.trim()) sessionStorage.setItem(draftKey(dealId), text);
      } catch {
        /* the draft is lost on return; nothing else breaks */
      }
      signIn.ask('comment');
      return;
    }
    if (!text.trim()) {
      toast.error('Comment cannot be empty');
      return;
    }
    add.mutate({ text }, { onSuccess: () => setText('') });
  };

  const actions: CommentActions = {
    isOwn: (c) => isOwner(user, c.userId),
    canDelete: (c) => !c.isDeleted && canDeleteComment(user, c.userId),
    onDelete: setToDelete,
    canEdit: (c) => !c.isDeleted && canEditComment(user, { authorId: c.userId, createdAt: c.createdAt }),
    onEdit: (c, text, done) => edit.mutate({ commentId: c.id, text }, { onSuccess: done }),
    editBusy: edit.isPending,
    onLike: (c) => {
      if (!isAuthenticated) return signIn.ask('like');
      if (!like.isPending) like.mutate({ commentId: c.id, like: !c.likedByMe });
    },
    onReply: (parent) => {
      if (!isAuthenticated) return signIn.ask('comment');
      setReplyTo((open) => (open === parent.id ? null : parent.id));
    },
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) });
  };

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
          placeholder={isAuthenticated ? 'What do you think of this deal?' : 'Log in to join the discussion'}
          className="mt-2 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-emerald-500 focus:outline-none focus:ring-2 focus:ring-emerald-200"
        />
        <div className="mt-2 flex items-center justify-between gap-2">
          <span className="text-xs text-slate-600">{isAuthenticated ? `${text.length}/${COMMENT_MAX}` : 'Members can comment, reply and like.'}</span>
          <button
            type="submit"
            disabled={!text.trim() || add.isPending}
            className="rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
          >
            {add.isPending ? 'Posting...' : 'Post Comment'}
          </button>
        </div>
      </form>

      <div className="mt-3" aria-live="polite">
        {comments.isLoading ? (
          <SkeletonRows
            count={2}
            aria-hidden="true"
            className="space-y-4 pt-2"
            itemClassName="flex animate-pulse gap-3"
            bars={['h-3 w-40 rounded bg-slate-200', 'h-4 w-3/4 rounded bg-slate-200']}
          />
        ) : comments.isError ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            Failed to load comments. Please try again.
          </p>
        ) : threads.length === 0 ? (
          <p className="flex items-center gap-2 py-6 text-sm text-slate-600">
            <MessageCircle className="h-5 w-5 text-slate-400" aria-hidden="true" />
            No comments yet. Be the first to comment!
          </p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="comment-list">
            {threads.map(({ comment, replies }) => (
              <CommentThread
                key={comment.id}
                comment={comment}
                replies={replies}
                actions={actions}
                replying={replyTo === comment.id}
                replyBusy={reply.isPending}
                onSubmitReply={(body) => reply.mutate({ text: body, parentId: comment.id }, { onSuccess: () => setReplyTo(null) })}
                onCancelReply={() => setReplyTo(null)}
              />
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
      {signIn.prompt}
    </div>
  );
});
