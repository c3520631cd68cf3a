/**
 * How a word is compared, in the index and in queries alike: lower case, accents folded
 * ("Café" and "cafe" are one word), and one-letter words dropped (they match everything).
 */
export function foldTerm(term: string): string | null {
  const folded = term.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return folded.length > 1 ? folded : null;
}
