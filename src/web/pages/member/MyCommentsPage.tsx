import { MessageSquare } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useMyComments } from '../../api/members';
import { Pagination } from '../../components/Pagination';
import { Spinner } from '../../components/Spinner';
import { toast } from '../../lib/toast';
import { CommentItem } from './CommentItem';
import { EmptyState, ErrorState, MemberPage, pageFrom, pageHref, primaryLink, useClampPage } from './MemberPage';
import { usePageTitle } from '../../app/usePageTitle';

export default function MyCommentsPage() {
  usePageTitle('Your comments');
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const page = pageFrom(params);
  const comments = useMyComments(page);
  useClampPage(page, comments.data?.totalPages);

  useEffect(() => {
    if (comments.isError) toast.error('Failed to load your comments');
  }, [comments.isError]);

  const total = comments.data?.totalCount ?? 0;
  return (
    <MemberPage
      narrow
      title="Your Comments"
      description={comments.data && total > 0 ? `${total} comment${total === 1 ? '' : 's'} on deals across QuidsIn.` : 'Everything you have said about the deals on QuidsIn.'}
    >
      {comments.isPending ? (
        <Spinner label="Loading your comments" />
      ) : comments.isError ? (
        <ErrorState message="Failed to load your comments" onRetry={() => comments.refetch()} />
      ) : comments.data.items.length === 0 ? (
        <EmptyState
          icon={MessageSquare}
          title="No comments yet"
          action={
            <Link to="/dealsBrowse" className={primaryLink}>
              Browse Deals
            </Link>
          }
        >
          You haven't made any comments on deals yet.
        </EmptyState>
      ) : (
        <>
          <ul className={`space-y-4 transition-opacity ${comments.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={comments.isPlaceholderData}>
            {comments.data.items.map((comment) => (
              <li key={comment.id}>
                <CommentItem comment={comment} />
              </li>
            ))}
          </ul>
          <Pagination page={comments.data.page} totalPages={comments.data.totalPages} hrefFor={pageHref(pathname)} label="Comment pages" />
        </>
      )}
    </MemberPage>
  );
}
