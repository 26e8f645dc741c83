/** The sortable columns of Deals Management (SPEC §2) and their sort keys. */
export const SORT_KEYS = ['title', 'category', 'store', 'created', 'updated'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export const DEFAULT_SORT = 'created_desc';

export type Arrow = 'asc' | 'desc' | 'none';

const keyOf = (sort: string) => sort.replace(/_(asc|desc)$/, '');

/** SPEC §2: descending for a key ending _desc, ascending otherwise, neutral when the column is not the sort key. */
export function sortArrow(sort: string, column: SortKey): Arrow {
  if (keyOf(sort) !== column) return 'none';
  return sort.endsWith('_desc') ? 'desc' : 'asc';
}

/** Clicking a header: the same column toggles _asc/_desc, another column starts ascending. */
export function nextSort(sort: string, column: SortKey): string {
  if (keyOf(sort) !== column) return `${column}_asc`;
  return sort.endsWith('_desc') ? `${column}_asc` : `${column}_desc`;
}

export function isValidSort(sort: string | null): sort is string {
  return !!sort && /^(title|category|store|created|updated)_(asc|desc)$/.test(sort);
}
