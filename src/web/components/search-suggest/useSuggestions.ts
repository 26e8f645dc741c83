import { useEffect, useState } from 'react';
import type { SuggestionSection, Suggestions } from '../../../shared/schemas/deals/search';
import { api } from '../../api/client';

/** The server suggests from this many letters or digits (features/search/queries.ts SUGGEST_MIN_CHARACTERS). */
export const SUGGEST_MIN_CHARACTERS = 2;
/** Typing pauses this long before the box asks: one request per pause, not per key. */
export const SUGGEST_DEBOUNCE_MS = 120;

/** Answers already had, by text (typing back over a word asks nothing again); a few dozen at most. */
const answers = new Map<string, SuggestionSection[]>();
const KEPT = 50;

/** What is asked for a text: its case and spacing change nothing. */
export const suggestKey = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, 200);
/** Suggestions start at this many letters or digits. */
const enough = (key: string) => (key.match(/[\p{L}\p{N}]/gu) ?? []).length >= SUGGEST_MIN_CHARACTERS;

/**
 * The suggestions for what the box holds, and the text they are for. Each new text aborts the request before it and
 * waits a little before asking, and an answer is taken only for the text the box still holds: an older answer never
 * shows over a newer one, however the replies arrive.
 */
export function useSuggestions(text: string): { sections: SuggestionSection[]; forKey: string } {
  const key = suggestKey(text);
  const [state, setState] = useState<{ sections: SuggestionSection[]; forKey: string }>({ sections: [], forKey: '' });
  useEffect(() => {
    if (!enough(key)) {
      setState({ sections: [], forKey: key });
      return;
    }
    const had = answers.get(key);
    if (had) {
      setState({ sections: had, forKey: key });
      return;
    }
    const abort = new AbortController();
    let current = true;
    const timer = window.setTimeout(() => {
      api
        .get<Suggestions>('/search/suggest', { q: key }, abort.signal)
        .then((reply) => {
          if (answers.size >= KEPT) answers.clear();
          answers.set(key, reply.sections);
          if (current) setState({ sections: reply.sections, forKey: key });
        })
        .catch(() => {
          // Aborted (a newer text), or the server is unreachable: the box keeps working as a plain search box.
          if (current) setState({ sections: [], forKey: key });
        });
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
      abort.abort();
    };
  }, [key]);
  return state;
}
