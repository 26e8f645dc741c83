import { MessageSquare } from 'lucide-react';
import { useEffect } from 'react';
import { useMyComments } from '../../api/members/members';
import { Spinner } from '../../components/Spinner';
import { toast } from '../../lib/toast/toast';
import { CommentItem } from './CommentItem';
import { browseDealsLink, EmptyState, ErrorState, MemberPage, PagedItems, usePagedList } from './MemberPage';
import { usePageTitle } from '../../app/usePageTitle';

export default function MyCommentsPage() {
  usePageTitle('Your comments');
  const { list: comments, hrefFor, total } = usePagedList(useMyComments);

  useEffect(() => {
    if (comments.isError) toast.error('Failed to load your comments');
  }, [comments.isError]);

  return (
    <MemberPage
      narrow
      title="Your Comments"
      description={
        comments.data && total > 0
          ? `${total} comment${total === 1 ? '' : 's'} on deals across QuidsIn.`
          : 'Everything you have said about the deals on QuidsIn.'
      }
    >
      {comments.isPending ? (
        <Spinner label="Loading your comments" />
      ) : comments.isError ? (
        <ErrorState message="Failed to load your comments" onRetry={() => comments.refetch()} />
      ) : comments.data.items.length === 0 ? (
        <EmptyState icon={MessageSquare} title="No comments yet" action={browseDealsLink}>
          You haven't made any comments on deals yet.
        </EmptyState>
      ) : (
        <PagedItems data={comments.data} loadingNext={comments.isPlaceholderData} className="space-y-4" label="Comment pages" hrefFor={hrefFor}>
          {(comment) => (
            <li key={comment.id}>
              <CommentItem comment={comment} />
            </li>
          )}
        </PagedItems>
      )}
    </MemberPage>
  );
}
