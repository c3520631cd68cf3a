import { z } from 'zod';

/**
 * Text that people type and other people read: names, titles, descriptions, notes. Stored
 * NFC-normalized and trimmed; characters that only serve to hide or disguise text are refused with a
 * message that says which, rather than silently dropped, so what is stored is what was meant.
 */

// C0 controls other than tab, line feed and carriage return; DEL; the C1 block.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAK = /[\t\n\r\u2028\u2029]/;
// Embeddings, overrides and isolates: they reorder what is shown (U+202E makes "gpj.exe" read "exe.jpg").
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
/** Whether text holds a character that reorders how it is shown. */
export const hasBidiControl = (value: string) => BIDI_CONTROL.test(value);

// A tag, not a lone "<" ("I <3 radio" is a fine name).
const MARKUP = /<\/?[A-Za-z!?][^<>]*>/;

interface TextRules {
  max: number;
  min?: number;
}

const base = (field: string, { max, min }: TextRules) =>
  z
    .string({ error: `${field} must be a string` })
    .normalize('NFC')
    .trim()
    .min(min ?? 0, { error: `${field} is required` })
    .max(max, { error: `${field} is at most ${max} characters` })
    .refine((value) => !CONTROL.test(value), { error: `${field} cannot contain control characters` })
    .refine((value) => !hasBidiControl(value), {
      error: `${field} cannot contain bidirectional override characters (U+202A–U+202E, U+2066–U+2069)`,
    });

/** One line: a name, a title, a label. No line breaks, no tags. Required unless `min: 0`. */
export const lineSchema = (field: string, rules: TextRules) =>
  base(field, { min: 1, ...rules })
    .refine((value) => !LINE_BREAK.test(value), { error: `${field} must be a single line` })
    .refine((value) => !MARKUP.test(value), { error: `${field} is plain text and cannot contain tags` });

/** Several lines: a description, a message, a note. Line breaks and tabs are kept. */
export const paragraphSchema = (field: string, rules: TextRules) => base(field, rules);

const GLOBAL = (pattern: RegExp) => new RegExp(pattern.source, 'g');
const CONTROLS = GLOBAL(CONTROL);
const BIDI_CONTROLS = GLOBAL(BIDI_CONTROL);
const TAGS = GLOBAL(MARKUP);
const LINE_BREAKS = new RegExp(`${LINE_BREAK.source}+`, 'g');

/**
 * Someone else's text (an imported feed) cleaned into what `paragraphSchema` accepts, since refusing
 * it would refuse a whole show for one stray character.
 */
export const cleanParagraph = (value: string) =>
  value.normalize('NFC').replace(CONTROLS, '').replace(BIDI_CONTROLS, '').trim();

/** As `cleanParagraph`, into what `lineSchema` accepts: one line, tags removed. */
export const cleanLine = (value: string) =>
  cleanParagraph(value.replace(LINE_BREAKS, ' ').replace(TAGS, '')).replace(/ {2,}/g, ' ');
