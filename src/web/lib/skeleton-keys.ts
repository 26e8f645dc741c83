/**
 * React keys for `count` loading placeholders. A skeleton shows no data and never moves, so its place in the list is
 * all that tells it apart; the keys say so once here.
 */
export function skeletonKeys(count: number): string[] {
  return Array.from({ length: count }, (_, n) => `skeleton-${n}`);
}
