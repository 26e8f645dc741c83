import { Search, X } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';

/** The browse search box: submits on Enter or the button; the clear button removes the search at once. */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  // Back/forward and chip removal change the URL: the box follows it.
  useEffect(() => setText(value), [value]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="flex w-full gap-2">
      <div className="relative min-w-0 flex-1">
        <label htmlFor="browse-search" className="sr-only">
          Search deals by keyword
        </label>
        <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
        <input
          ref={input}
          id="browse-search"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Search deals, products, stores..."
          className="w-full rounded-md border border-slate-300 bg-white py-2 pl-9 pr-9 text-sm focus:border-emerald-500 focus:outline-none focus:ring-2 focus:ring-emerald-200 [&::-webkit-search-cancel-button]:appearance-none"
        />
        {text && (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => {
              setText('');
              if (value) onSearch('');
              input.current?.focus();
            }}
            className="absolute right-2 top-1/2 -translate-y-1/2 rounded p-1 text-slate-500 hover:text-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        )}
      </div>
      <button type="submit" className="rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2">
        Search
      </button>
    </form>
  );
}
