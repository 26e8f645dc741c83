/**
 * The singular of a regular English plural; other words as they are ("batteries" -> "battery", "boxes" -> "box",
 * "glasses" -> "glass", "bus" and "iris" stay). Matching without a full-text index (suggestions, alerts) folds plurals
 * on both sides with it, as the engines' stemmers do.
 */
export function singular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ss|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}
