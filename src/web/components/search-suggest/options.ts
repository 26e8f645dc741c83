import type { SuggestionSection } from '../../../shared/schemas/deals/search';

/** What choosing a suggestion does: open a page, search a text, or empty the recent searches. */
export type SuggestAction = { href: string } | { search: string } | { clear: true };

export interface SuggestOption {
  /** The option element's id (aria-activedescendant). */
  id: string;
  label: string;
  /** Shown after the label, smaller (a deal's temperature). */
  detail?: string;
  action: SuggestAction;
  /** A recent search: removable. */
  recent?: string;
}

export interface SuggestGroup {
  id: string;
  label: string;
  options: SuggestOption[];
}

const GROUP_LABELS: Record<SuggestionSection['kind'], string> = { stores: 'Shops', categories: 'Categories', deals: 'Deals', vouchers: 'Voucher codes' };

function optionsOf(section: SuggestionSection, base: string): SuggestOption[] {
  switch (section.kind) {
    case 'stores':
      return section.items.map((s) => ({ id: `${base}-s${s.id}`, label: s.name, action: { href: `/stores/${s.id}` } }));
    case 'categories':
      return section.items.map((c) => ({ id: `${base}-c${c.id}`, label: c.name, action: { href: `/dealsBrowse?category=${c.id}` } }));
    case 'deals':
      return section.items.map((d) => ({ id: `${base}-d${d.id}`, label: d.title, detail: `${d.temperature}°`, action: { href: `/dealDetail/${d.id}` } }));
    case 'vouchers':
      return section.items.map((v) => ({
        id: `${base}-v${v.id}`,
        label: `${v.storeName}: ${v.title}`,
        detail: v.code ?? 'No code needed',
        action: { href: `/stores/${v.storeId}` },
      }));
    default:
      // A kind this page does not know yet (the reply grows before the page does): left out.
      return [];
  }
}

/**
 * The listbox's groups: the recent searches (with a "Clear recent searches" option), then the reply's sections in its
 * order. `base` prefixes every id (two boxes on a page never share one).
 */
export function suggestGroups(base: string, recent: string[], sections: SuggestionSection[]): SuggestGroup[] {
  const groups: SuggestGroup[] = [];
  if (recent.length > 0) {
    groups.push({
      id: `${base}-g-recent`,
      label: 'Recent searches',
      options: [
        ...recent.map((r, i) => ({ id: `${base}-r${i}`, label: r, action: { search: r }, recent: r })),
        { id: `${base}-r-clear`, label: 'Clear recent searches', action: { clear: true } as const },
      ],
    });
  }
  for (const section of sections) {
    const options = optionsOf(section, base);
    if (options.length > 0 && section.kind in GROUP_LABELS) groups.push({ id: `${base}-g-${section.kind}`, label: GROUP_LABELS[section.kind], options });
  }
  return groups;
}

/** The sentence the live region reads when the list changes. */
export function suggestAnnouncement(groups: SuggestGroup[]): string {
  const n = groups.reduce((sum, g) => sum + g.options.filter((o) => !('clear' in o.action)).length, 0);
  if (n === 0) return 'No suggestions.';
  return `${n} suggestion${n === 1 ? '' : 's'}. Use the up and down arrows to choose, Enter to open.`;
}
