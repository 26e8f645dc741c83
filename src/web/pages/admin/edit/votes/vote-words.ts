/** Account age at voting time: '5 h', '3 days', '2 years'; 'unknown' for votes older than the record. */
export function ageText(hours: number | null): string {
  if (hours === null) return 'unknown';
  if (hours < 24) return `${hours} h`;
  const days = Math.floor(hours / 24);
  if (days < 365) return `${days} ${days === 1 ? 'day' : 'days'}`;
  const years = Math.floor(days / 365);
  return `${years} ${years === 1 ? 'year' : 'years'}`;
}

/** Ids shown on this page that are selected (a page change keeps only what is still in view). */
export const selectedOnPage = (selected: ReadonlySet<number>, ids: readonly number[]) => ids.filter((id) => selected.has(id));

/** Toggles one id in a selection, returning a new set. */
export function toggled(selected: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
