import { cleanLine, cleanParagraph, lineSchema, paragraphSchema } from './plain-text';
import { createPodcastBodySchema } from './catalog/podcast-api';

const name = lineSchema('name', { max: 20 });
const notes = paragraphSchema('notes', { max: 200 });
const problem = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error!.issues.map((issue) => issue.message).join('; ');

describe('plain text', () => {
  it('stores names NFC-normalized and trimmed', () => {
    // "é" as e + combining acute becomes the one code point U+00E9.
    expect(name.parse('  Cafe\u0301 Radio \n')).toBe('Caf\u00e9 Radio');
    expect(name.parse('I <3 radio')).toBe('I <3 radio');
  });

  it('refuses control characters, bidi overrides, line breaks and tags in a name, saying which', () => {
    expect(problem(name.safeParse('Bad\u0000Show'))).toMatch(/control characters/);
    expect(problem(name.safeParse('Bad\u0085Show'))).toMatch(/control characters/);
    expect(problem(name.safeParse('evil\u202Egpj.exe'))).toMatch(/bidirectional override/);
    expect(problem(name.safeParse('isolate\u2066x\u2069'))).toMatch(/bidirectional override/);
    expect(problem(name.safeParse('two\nlines'))).toMatch(/single line/);
    expect(problem(name.safeParse('<b>Loud</b>'))).toMatch(/cannot contain tags/);
    expect(problem(name.safeParse('x<script>'))).toMatch(/cannot contain tags/);
    expect(problem(name.safeParse('   '))).toMatch(/name is required/);
  });

  it('keeps line breaks and tabs in paragraphs but refuses what hides text', () => {
    expect(notes.parse('first\n\tsecond\r\n')).toBe('first\n\tsecond');
    expect(problem(notes.safeParse('bell\u0007'))).toMatch(/control characters/);
    expect(problem(notes.safeParse('a\u202Db'))).toMatch(/bidirectional override/);
  });

  it('cleans imported text into what the schemas accept', () => {
    const title = cleanLine(' <b>Episode\u0000 1</b>:\n the \u202Estart ');
    expect(title).toBe('Episode 1: the start');
    expect(name.safeParse(title).success).toBe(true);
    expect(cleanParagraph('<p>Show\u0007 notes</p>\n\u2066more')).toBe('<p>Show notes</p>\nmore');
  });

  it('applies to the schemas services validate with', () => {
    const show = { name: 'Night\u202EShift', category: 'Music' };
    expect(problem(createPodcastBodySchema.safeParse(show))).toMatch(/name cannot contain bidirectional/);
  });
});
