import { X } from 'lucide-react';
import { useRef } from 'react';
import { SearchForm } from '../../components/SearchForm';
import { useSyncedText } from '../../components/useSyncedText';

/** The browse search box: submits on Enter or the button; the clear button removes the search at once. */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  // Back/forward and chip removal change the URL: the box follows it.
  const [text, setText] = useSyncedText(value);
  const input = useRef<HTMLInputElement>(null);
  const clear = (
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
  );
  return (
    <SearchForm
      id="browse-search"
      label="Search deals by keyword"
      value={text}
      onChange={setText}
      onSubmit={(typed) => onSearch(typed.trim())}
      suggest=""
      action="/dealsBrowse"
      name="search"
      placeholder="Search deals, products, stores..."
      className="flex w-full gap-2"
      fieldClassName="min-w-0 flex-1"
      inputClassName="w-full rounded-md border border-slate-300 bg-white py-2 pl-9 pr-9 text-sm focus:border-emerald-500 focus:outline-none focus:ring-2 focus:ring-emerald-200 [&::-webkit-search-cancel-button]:appearance-none"
      inputRef={input}
      inside={text && clear}
    >
      <button
        type="submit"
        className="rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2"
      >
        Search
      </button>
    </SearchForm>
  );
}
