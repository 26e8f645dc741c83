import { errorMessage } from '../api/client';

/** A list that could not be loaded: what, the server's reason when it gave one, and a way to ask again. */
export function LoadError({ title, error, onRetry, className }: { title: string; error: unknown; onRetry: () => void; className: string }) {
  return (
    <div role="alert" className={`${className} rounded-xl border border-red-200 bg-red-50 p-5 text-sm text-red-800`}>
      <p className="font-semibold">{title}</p>
      <p className="mt-1">{errorMessage(error, 'Please try again.')}</p>
      <button type="button" onClick={onRetry} className="mt-2 font-semibold underline">
        Try again
      </button>
    </div>
  );
}
