import { Link } from '../components/Link';
import { MessagePage } from '../components/MessagePage';

export default function NotFoundPage() {
  return (
    <MessagePage
      className="py-24"
      top={<p className="text-6xl font-extrabold text-emerald-600">404</p>}
      title="Page not found"
      actions={
        <div className="mt-8 flex justify-center gap-3">
          <Link to="/" className="rounded-md bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800">
            Go home
          </Link>
          <Link to="/dealsBrowse" className="rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-700 hover:bg-slate-100">
            Browse deals
          </Link>
        </div>
      }
    >
      <p>Sorry, we couldn't find the page you were looking for. It may have moved, or the deal may have gone.</p>
    </MessagePage>
  );
}
