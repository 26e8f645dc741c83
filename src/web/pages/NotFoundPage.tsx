import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-emerald-600">404</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Page not found</h1>
      <p className="mt-2 text-slate-600">Sorry, we couldn't find the page you were looking for. It may have moved, or the deal may have gone.</p>
      <div className="mt-8 flex justify-center gap-3">
        <Link to="/" className="rounded-md bg-emerald-600 px-4 py-2 font-semibold text-white hover:bg-emerald-700">
          Go home
        </Link>
        <Link to="/dealsBrowse" className="rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-700 hover:bg-slate-100">
          Browse deals
        </Link>
      </div>
    </section>
  );
}
