import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type SuggestOption, suggestAnnouncement, suggestGroups } from './options';
import { addRecentSearch, clearRecentSearches, readRecentSearches, recentFor, removeRecentSearch } from './recent-searches';
import { SuggestList } from './SuggestList';
import { suggestKey, useSuggestions } from './useSuggestions';

export interface SearchSuggestProps {
  /** The search box's input id (the input is found by it); the listbox's and options' ids start with it. */
  id: string;
  /** What the box holds. */
  text: string;
  /** The box's own: a chosen recent search is put in the box and submitted. */
  onChange: (text: string) => void;
  onSubmit: (text: string) => void;
  /** Extra placement classes for the popup (it sits under the box by default). */
  placement?: string;
}

/**
 * Suggestions as you type for a search box (docs/notes/search.md): the WAI-ARIA 1.2 combobox pattern (list
 * autocomplete, manual selection) on the box's own input, which the plain form drew and which keeps working without
 * this: the attributes are set on it here, the keys listened to. A lazy chunk of its own, loaded when the box is first
 * focused (components/SearchForm.tsx), so the first load of every page stays as it was.
 */
export default function SearchSuggest({ id, text, onChange, onSubmit, placement = '' }: SearchSuggestProps) {
  // The plain form's input, drawn before this chunk arrived and kept: found once by its id.
  const inputRef = useRef(document.getElementById(id) as HTMLInputElement | null);
  const listId = `${id}-suggestions`;
  const hintId = `${id}-suggestions-hint`;
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [recent, setRecent] = useState(readRecentSearches);
  const [focused, setFocused] = useState(() => document.activeElement === inputRef.current);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  const [notice, setNotice] = useState('');
  const { sections } = useSuggestions(text);
  const key = suggestKey(text);

  const groups = useMemo(() => suggestGroups(id, recentFor(recent, text), key.length >= 2 ? sections : []), [id, recent, text, key, sections]);
  const options = useMemo(() => groups.flatMap((g) => g.options), [groups]);
  const open = focused && !dismissed && options.length > 0;
  const activeOption = open ? options[active] : undefined;

  // A new text, or another page: nothing highlighted, the list may open again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: these are the moments to reset at, not values read.
  useEffect(() => {
    setActive(-1);
    setDismissed(false);
    setNotice('');
  }, [key]);
  const page = `${pathname}${search}`;
  const shownOn = useRef(page);
  useEffect(() => {
    if (shownOn.current === page) return;
    shownOn.current = page;
    setDismissed(true);
  }, [page]);
  // The list changed under the highlight (a search removed): keep it in range.
  useEffect(() => {
    if (active >= options.length) setActive(options.length - 1);
  }, [active, options.length]);

  const choose = (option: SuggestOption) => {
    const { action } = option;
    if ('clear' in action) {
      setRecent(clearRecentSearches());
      setNotice('Recent searches cleared.');
      setActive(-1);
      return;
    }
    setDismissed(true);
    if ('search' in action) {
      setRecent(addRecentSearch(action.search));
      onChange(action.search);
      onSubmit(action.search);
    } else {
      inputRef.current?.blur();
      navigate(action.href);
    }
  };
  const remove = (r: string) => {
    setRecent(removeRecentSearch(r));
    setNotice(`Removed ${r} from recent searches.`);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const input = e.currentTarget as HTMLInputElement;
    const n = options.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (n === 0) return;
      e.preventDefault();
      if (!open) {
        setDismissed(false);
        setActive(e.key === 'ArrowDown' ? 0 : n - 1);
      } else if (e.key === 'ArrowDown') setActive((a) => (a + 1) % n);
      else setActive((a) => (a <= 0 ? n - 1 : a - 1));
    } else if (e.key === 'Enter' && activeOption) {
      e.preventDefault();
      choose(activeOption);
    } else if (e.key === 'Escape' && open) {
      // Closes the list; a second Escape is the box's own (a search box empties itself).
      e.preventDefault();
      setDismissed(true);
      setActive(-1);
    } else if (e.key === 'Delete' && activeOption?.recent !== undefined && (e.shiftKey || input.selectionStart === input.value.length)) {
      e.preventDefault();
      remove(activeOption.recent);
    }
  };
  const keys = useRef(onKeyDown);
  keys.current = onKeyDown;

  // The input is the plain form's: the combobox's attributes and listeners go on it for as long as this is mounted.
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    const attrs: Record<string, string> = { role: 'combobox', 'aria-autocomplete': 'list', 'aria-controls': listId, autocomplete: 'off' };
    for (const [k, v] of Object.entries(attrs)) input.setAttribute(k, v);
    const onKey = (e: KeyboardEvent) => keys.current(e);
    const onFocus = () => setFocused(true);
    const onBlur = () => setFocused(false);
    // Typing after Escape opens the list again even when the words did not change.
    const onInput = () => setDismissed(false);
    const onSubmit = () => {
      setRecent(addRecentSearch(input.value));
      setDismissed(true);
    };
    const form = input.form;
    input.addEventListener('keydown', onKey);
    input.addEventListener('focus', onFocus);
    input.addEventListener('blur', onBlur);
    input.addEventListener('input', onInput);
    form?.addEventListener('submit', onSubmit);
    return () => {
      for (const k of [...Object.keys(attrs), 'aria-expanded', 'aria-activedescendant']) input.removeAttribute(k);
      input.removeEventListener('keydown', onKey);
      input.removeEventListener('focus', onFocus);
      input.removeEventListener('blur', onBlur);
      input.removeEventListener('input', onInput);
      form?.removeEventListener('submit', onSubmit);
    };
  }, [listId]);

  const activeId = activeOption?.id ?? null;
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.setAttribute('aria-expanded', String(open));
    if (activeId) {
      input.setAttribute('aria-activedescendant', activeId);
      document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  }, [open, activeId]);

  return (
    <>
      <div role="status" aria-live="polite" className="sr-only" data-testid="search-suggestions-status">
        {notice || (open ? suggestAnnouncement(groups) : '')}
      </div>
      <span id={hintId} hidden>
        Recent search. Shift+Delete removes it.
      </span>
      <SuggestList
        id={listId}
        open={open}
        groups={groups}
        activeId={activeId}
        hintId={hintId}
        className={`absolute inset-x-0 top-full mt-1 ${placement}`}
        onChoose={choose}
        onRemove={remove}
      />
    </>
  );
}
