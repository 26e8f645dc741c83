import { Heart, MessageSquareReply, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { Comment } from '../../../../shared/schemas/deals/comments';
import { Avatar } from '../../../components/Avatar';
import { MemberLink } from '../../../components/deal/CommunityLinks';
import { TimeAgo } from '../../../components/deal/TimeAgo';
import { COMMENT_EDIT_MINUTES } from '../../../../shared/domain/deals/comment-edit';
import { CommentText } from './CommentText';
import { CommentTextForm } from './CommentTextForm';

/** What a comment's buttons do; the list decides who may do what (shared/domain/access/permissions.ts). */
export interface CommentActions {
  /** The signed-in member wrote it: no like button on one's own comment (visitors get one that asks them to sign in). */
  isOwn: (c: Comment) => boolean;
  canDelete: (c: Comment) => boolean;
  onDelete: (c: Comment) => void;
  /** Its author, for 15 minutes after posting (shared/domain/deals/comment-edit.ts). */
  canEdit: (c: Comment) => boolean;
  /** Saves the new text; `done` closes the editor once saved. */
  onEdit: (c: Comment, text: string, done: () => void) => void;
  editBusy: boolean;
  onLike: (c: Comment) => void;
  onReply: (parent: Comment) => void;
}

const action =
  'inline-flex items-center gap-1 rounded px-1.5 py-1 text-xs font-semibold text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500';

/**
 * A comment's box, with the anchor notifications link to (`#comment-{id}`): the one named in the URL is scrolled into
 * view and highlighted (a router navigation does not move :target, so it is read from the location).
 */
function CommentFrame({ id, label, children }: { id: number; label: string; children: React.ReactNode }) {
  const { hash } = useLocation();
  const highlighted = hash === `#comment-${id}`;
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ block: 'center' });
  }, [highlighted]);
  return (
    <article
      ref={ref}
      id={`comment-${id}`}
      tabIndex={-1}
      className={`flex scroll-mt-24 gap-3 py-3 ${highlighted ? 'rounded-lg bg-amber-50 ring-2 ring-amber-400 dark:bg-amber-950/40' : ''}`}
      data-testid="comment"
      data-highlighted={highlighted ? 'true' : undefined}
      aria-label={label}
      aria-current={highlighted ? 'true' : undefined}
    >
      {children}
    </article>
  );
}

/** One comment: author (linked to their page), age, text, likes, Reply (top level only) and Delete. */
function CommentBody({ c, actions, topLevel }: { c: Comment; actions: CommentActions; topLevel: boolean }) {
  const likes = `${c.likeCount} ${c.likeCount === 1 ? 'like' : 'likes'}`;
  if (c.isDeleted) {
    return (
      <article className="flex gap-3 py-3" data-testid="comment" data-deleted="true">
        <span className="h-9 w-9 shrink-0 rounded-full bg-slate-100" aria-hidden="true" />
        <p className="self-center text-sm italic text-slate-600">This comment was deleted.</p>
      </article>
    );
  }
  const own = actions.isOwn(c);
  return <CommentView c={c} actions={actions} topLevel={topLevel} own={own} likes={likes} />;
}

function CommentView({ c, actions, topLevel, own, likes }: { c: Comment; actions: CommentActions; topLevel: boolean; own: boolean; likes: string }) {
  const [editing, setEditing] = useState(false);
  return (
    <CommentFrame id={c.id} label={`Comment by ${c.username}`}>
      <Avatar user={{ username: c.username, avatarUrl: c.avatarUrl }} size={topLevel ? 36 : 30} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <p className="text-sm">
            <MemberLink username={c.username} className="font-semibold text-slate-900" />
            {c.userBadges && <b className="ml-1 text-xs text-amber-800">{c.userBadges.join(', ')}</b>} <TimeAgo iso={c.createdAt} className="text-slate-600" />
          </p>
          {actions.canEdit(c) && !editing && (
            <button
              type="button"
              onClick={() => setEditing(true)}
              aria-label={`Edit your comment`}
              className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
            >
              <Pencil className="h-4 w-4" aria-hidden="true" />
            </button>
          )}
          {actions.canDelete(c) && (
            <button
              type="button"
              onClick={() => actions.onDelete(c)}
              aria-label={`Delete comment by ${c.username}`}
              className="rounded p-1 text-slate-500 hover:bg-red-50 hover:text-red-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500"
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            </button>
          )}
        </div>
        {editing ? (
          <CommentTextForm
            initial={c.text}
            label="Edit your comment"
            labelHidden
            note={`You can edit a comment for ${COMMENT_EDIT_MINUTES} minutes after posting it; it then shows as edited.`}
            submitLabel="Save"
            busyLabel="Saving..."
            busy={actions.editBusy}
            className="mt-1"
            testId="comment-edit-form"
            onSubmit={(text) => actions.onEdit(c, text, () => setEditing(false))}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-700">
            <CommentText text={c.text} mentions={c.mentions} />
            {c.editedAt && (
              <span className="ml-1.5 text-xs text-slate-500" title={`Edited ${new Date(c.editedAt).toLocaleString('en-GB')}`} data-testid="comment-edited">
                (edited)
              </span>
            )}
          </p>
        )}
        <div className="mt-1 flex items-center gap-1">
          {own ? (
            <span className="inline-flex items-center gap-1 px-1.5 py-1 text-xs text-slate-600" data-testid="comment-likes">
              <Heart className="h-3.5 w-3.5" aria-hidden="true" />
              {likes}
            </span>
          ) : (
            <button
              type="button"
              onClick={() => actions.onLike(c)}
              aria-pressed={!!c.likedByMe}
              aria-label={`Like comment by ${c.username}, ${likes}`}
              className={`${action} ${c.likedByMe ? 'text-rose-700' : ''}`}
              data-testid="comment-like"
            >
              <Heart className={`h-3.5 w-3.5 ${c.likedByMe ? 'fill-rose-600 text-rose-600' : ''}`} aria-hidden="true" />
              {c.likeCount}
            </button>
          )}
          {topLevel && (
            <button type="button" onClick={() => actions.onReply(c)} aria-label={`Reply to ${c.username}`} className={action}>
              <MessageSquareReply className="h-3.5 w-3.5" aria-hidden="true" />
              Reply
            </button>
          )}
        </div>
      </div>
    </CommentFrame>
  );
}

/** A top-level comment with its replies indented under it, and the reply box when it is being answered. */
export function CommentThread(props: {
  comment: Comment;
  replies: Comment[];
  actions: CommentActions;
  replying: boolean;
  replyBusy: boolean;
  onSubmitReply: (text: string) => void;
  onCancelReply: () => void;
}) {
  const { comment, replies, actions } = props;
  return (
    <li data-testid="comment-thread">
      <CommentBody c={comment} actions={actions} topLevel={!comment.isDeleted} />
      {replies.length > 0 && (
        <ul className="ml-6 border-l-2 border-slate-100 pl-4 sm:ml-12" aria-label={`Replies to ${comment.username}`}>
          {replies.map((r) => (
            <li key={r.id}>
              <CommentBody c={r} actions={actions} topLevel={false} />
            </li>
          ))}
        </ul>
      )}
      {props.replying && (
        <CommentTextForm
          label={`Your reply to ${comment.username}`}
          submitLabel="Post Reply"
          busyLabel="Posting..."
          busy={props.replyBusy}
          className="mb-3 ml-12 rounded-lg border border-slate-200 bg-slate-50 p-3"
          testId="reply-form"
          onSubmit={props.onSubmitReply}
          onCancel={props.onCancelReply}
        />
      )}
    </li>
  );
}
