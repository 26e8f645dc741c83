import { useEffect, useState } from 'react';

// Apart from SearchForm.tsx, which the header brings into every page's first load; browse and the admin lists use this.
/** Typed text that follows `value` whenever it changes elsewhere (back/forward, a removed filter chip). */
export function useSyncedText(value: string) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return [text, setText] as const;
}
