import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DELETED_COMMENT_TEXT } from '../../../shared/domain/constants';
import type { Comment, CommentLikeResult } from '../../../shared/schemas/deals/comments';
import type { DeletedReply } from '../../../shared/schemas/common';
import type { Deal } from '../../../shared/schemas/deals/deals';
import { toast } from '../../lib/toast/toast';
import { ApiError, api, errorMessage } from '../client';
import { dealKeys } from './deals';

export const commentKeys = {
  forDeal: (dealId: number) => ['comments', 'deal', dealId] as const,
};

/** GET /comments/{dealId}; a 404 is treated as an empty list (SPEC §7). */
export async function fetchComments(dealId: number, signal?: AbortSignal): Promise<Comment[]> {
  try {
    return await api.get<Comment[]>(`/comments/${dealId}`, undefined, signal);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}

export function useComments(dealId: number | null) {
  return useQuery({
    queryKey: commentKeys.forDeal(dealId ?? 0),
    queryFn: ({ signal }) => fetchComments(dealId as number, signal),
    enabled: dealId !== null,
  });
}

const bumpCount = (dealId: number, by: number, qc: ReturnType<typeof useQueryClient>) =>
  qc.setQueryData<Deal>(dealKeys.detail(dealId), (old) => (old ? { ...old, commentCount: Math.max(0, (old.commentCount ?? 0) + by) } : old));

/** A new comment, or with `parentId` a reply to a top-level comment of the same deal (one level, docs/notes/community.md). */
export interface NewComment {
  text: string;
  parentId?: number;
}

export function useAddComment(dealId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ text, parentId }: NewComment) => api.post<Comment>('/comments', { dealId, text: text.trim(), ...(parentId ? { parentId } : {}) }),
    onSuccess: () => {
      toast.success('Comment added successfully');
      bumpCount(dealId, 1, qc);
      return qc.invalidateQueries({ queryKey: commentKeys.forDeal(dealId) });
    },
    onError: (err) => toast.error(errorMessage(err, 'Failed to add comment')),
  });
}

export function useDeleteComment(dealId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => api.delete<DeletedReply>(`/comments/${commentId}`),
    onSuccess: (_d, commentId) => {
      toast.success('Comment deleted successfully');
      // A top-level comment with replies stays as a DELETED_COMMENT_TEXT placeholder (the server keeps it for its replies).
      qc.setQueryData<Comment[]>(commentKeys.forDeal(dealId), (old) => {
        const hasReplies = !!old?.some((c) => c.parentId === commentId);
        return hasReplies
          ? old?.map((c) =>
              c.id === commentId
                ? {
                    ...c,
                    isDeleted: true,
                    text: DELETED_COMMENT_TEXT,
                    username: DELETED_COMMENT_TEXT,
                    userId: null,
                    avatarUrl: null,
                    likeCount: 0,
                    likedByMe: false,
                  }
                : c,
            )
          : old?.filter((c) => c.id !== commentId);
      });
      bumpCount(dealId, -1, qc);
      return qc.invalidateQueries({ queryKey: commentKeys.forDeal(dealId) });
    },
    onError: (err) => toast.error(errorMessage(err, 'Failed to delete comment')),
  });
}

/**
 * Like or unlike a comment (POST / DELETE /comments/{id}/like; never one's own). The heart changes at once and takes
 * the server's count from the reply; a refusal puts it back and shows the server's message.
 */
export function useCommentLike(dealId: number) {
  const qc = useQueryClient();
  const key = commentKeys.forDeal(dealId);
  const set = (commentId: number, likedByMe: boolean, likeCount: (old: number) => number) =>
    qc.setQueryData<Comment[]>(key, (old) => old?.map((c) => (c.id === commentId ? { ...c, likedByMe, likeCount: Math.max(0, likeCount(c.likeCount)) } : c)));
  return useMutation({
    mutationFn: ({ commentId, like }: { commentId: number; like: boolean }) =>
      like ? api.post<CommentLikeResult>(`/comments/${commentId}/like`) : api.delete<CommentLikeResult>(`/comments/${commentId}/like`),
    onMutate: async ({ commentId, like }) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<Comment[]>(key)?.find((c) => c.id === commentId);
      set(commentId, like, (n) => n + (like ? 1 : -1));
      return { before };
    },
    onSuccess: (result) => set(result.commentId, result.likedByMe, () => result.likeCount),
    onError: (err, { commentId }, context) => {
      const before = context?.before;
      if (before) set(commentId, !!before.likedByMe, () => before.likeCount);
      toast.error(errorMessage(err, 'Failed to like the comment'));
    },
  });
}

/** PUT /comments/{id}: its author's new text, within the edit window; the list shows it "edited". */
export function useEditComment(dealId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, text }: { commentId: number; text: string }) => api.put<Comment>(`/comments/${commentId}`, { text: text.trim() }),
    onSuccess: (updated) => {
      toast.success('Comment updated');
      qc.setQueryData<Comment[]>(commentKeys.forDeal(dealId), (old) =>
        old?.map((c) => (c.id === updated.id ? { ...c, text: updated.text, editedAt: updated.editedAt } : c)),
      );
    },
    onError: (err) => toast.error(errorMessage(err, 'Failed to update comment')),
  });
}
