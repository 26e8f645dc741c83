import { Search } from 'lucide-react';
import { type FormEvent, lazy, type ReactNode, type Ref, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';

// Suggestions as you type: a chunk of its own, fetched when a box that offers them is first focused (the first load of
// every page carries only this line and the focus handler; docs/notes/web-weight.md).
const SearchSuggest = lazy(() => import('./search-suggest/SearchSuggest'));

interface Props {
  id: string;
  /** The hidden label screen readers announce. */
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** The text to search (the box's value, or a recent search chosen from the suggestions). */
  onSubmit: (text: string) => void;
  placeholder: string;
  /** The form's layout. */
  className?: string;
  /** The box around the input and its icon. */
  fieldClassName?: string;
  inputClassName: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Drawn inside the box after the input (a clear button). */
  inside?: ReactNode;
  /** After the box: the submit button, where there is one. */
  children?: ReactNode;
  /**
   * Where the form goes without the app (a search submitted on a drawn page before it is hydrated), as the browser
   * submits it: `action?name=text`. Once hydrated, onSubmit handles it in place.
   */
  action?: string;
  name?: string;
  /** Suggestions as you type (search-suggest/SearchSuggest.tsx), placed by these classes; none without. */
  suggest?: string;
}

/** A search box with its magnifier and hidden label: header, alerts, browse and the admin lists. */
export function SearchForm({
  id,
  label,
  value,
  onChange,
  onSubmit,
  placeholder,
  className,
  fieldClassName = '',
  inputClassName,
  inputRef,
  inside,
  children,
  action,
  name,
  suggest,
}: Props) {
  const [suggesting, setSuggesting] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(value);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is too new for the browsers the site supports (Safari before 17); the role gives the same landmark.
    <form role="search" action={action} onSubmit={submit} className={className}>
      <div className={`relative ${fieldClassName}`}>
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          className={inputClassName}
          onFocus={() => setSuggesting(suggest != null)}
        />
        {inside}
        {suggesting && (
          <Suspense>
            <SearchSuggest id={id} text={value} onChange={onChange} onSubmit={onSubmit} placement={suggest} />
          </Suspense>
        )}
      </div>
      {children}
    </form>
  );
}

/** A search box that opens the browse page's results (the header's, the alerts page's); empty, the plain browse page. */
export function BrowseSearchForm(props: Omit<Props, 'label' | 'value' | 'onChange' | 'onSubmit' | 'action' | 'name'>) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const submit = (typed: string) => {
    const q = typed.trim();
    navigate(q ? `/dealsBrowse?search=${encodeURIComponent(q)}` : '/dealsBrowse');
  };
  return <SearchForm {...props} label="Search deals" value={text} onChange={setText} onSubmit={submit} action="/dealsBrowse" name="search" />;
}
