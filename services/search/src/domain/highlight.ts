import type { Highlight } from '@podz/proto';
import { foldTerm } from '../data/fold-term';

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
/** How long a passage of a description or a cue is, at most, in characters. */
const PASSAGE_CHARS = 200;

/** `text` split at the words whose folded form the query matched: `[plain, matched, plain, …]`. */
export function highlight(text: string, terms: ReadonlySet<string>): Highlight {
  const parts: string[] = [];
  let plainFrom = 0;
  for (const match of text.matchAll(WORD)) {
    const folded = foldTerm(match[0]);
    if (!folded || !terms.has(folded)) continue;
    parts.push(text.slice(plainFrom, match.index), match[0]);
    plainFrom = match.index + match[0].length;
  }
  parts.push(text.slice(plainFrom));
  return parts;
}

/** Whether any word of `text` is one the query matched. */
export function mentions(text: string, terms: ReadonlySet<string>): boolean {
  for (const match of text.matchAll(WORD)) {
    const folded = foldTerm(match[0]);
    if (folded && terms.has(folded)) return true;
  }
  return false;
}

/**
 * The passage of a long text a result shows: around its first matched word (from the start of
 * the sentence-ish run before it), or its opening when nothing in it matched; ellipses where cut.
 */
export function passage(text: string, terms: ReadonlySet<string>, chars = PASSAGE_CHARS): Highlight {
  if (text.length <= chars) return highlight(text, terms);
  let first = -1;
  for (const match of text.matchAll(WORD)) {
    const folded = foldTerm(match[0]);
    if (folded && terms.has(folded)) {
      first = match.index;
      break;
    }
  }
  let start = first < 0 ? 0 : Math.max(0, first - Math.floor(chars / 3));
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  let end = Math.min(text.length, start + chars);
  if (end < text.length) end = text.lastIndexOf(' ', end) > start ? text.lastIndexOf(' ', end) : end;
  const cut = `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
  return highlight(cut, terms);
}
