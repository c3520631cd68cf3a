import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import type { TocEntry } from '@podz/proto';

const TOC_DEPTH = 4;

// Documentation may use more than show notes: headings with anchors, tables, code, images.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'h1', 'h2', 'img', 'del'],
  allowedAttributes: {
    ...sanitizeHtml.defaults.allowedAttributes,
    h1: ['id'],
    h2: ['id'],
    h3: ['id'],
    h4: ['id'],
    code: ['class'],
    img: ['src', 'alt', 'title'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
};

/** Heading text without inline markdown: `**Routes** and [links](x)` → `Routes and links`. */
function plainText(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`~]/g, '')
    .replace(/<[^>]*>/g, '')
    .trim();
}

function anchorFor(text: string, taken: Map<string, number>): string {
  const base =
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s-]/gu, '')
      .trim()
      .replace(/\s+/g, '-') || 'section';
  const seen = taken.get(base) ?? 0;
  taken.set(base, seen + 1);
  return seen === 0 ? base : `${base}-${seen}`;
}

type AnchoredHeading = Tokens.Heading & { anchor?: string };

/**
 * Markdown rendered to sanitized HTML with a table of contents: every heading down to `####` gets
 * an id, and the contents list them in order with those ids, so `#anchor` links work.
 */
export function renderMarkdown(markdown: string): { html: string; toc: TocEntry[] } {
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(token) {
        const anchor = (token as AnchoredHeading).anchor;
        const inner = this.parser.parseInline(token.tokens);
        return anchor
          ? `<h${token.depth} id="${anchor}">${inner}</h${token.depth}>\n`
          : `<h${token.depth}>${inner}</h${token.depth}>\n`;
      },
    },
  });
  const tokens = marked.lexer(markdown);
  const taken = new Map<string, number>();
  const toc: TocEntry[] = [];
  for (const token of tokens) {
    if (token.type !== 'heading' || token.depth > TOC_DEPTH) continue;
    const heading = token as AnchoredHeading;
    const text = plainText(heading.text);
    heading.anchor = anchorFor(text, taken);
    toc.push({ level: heading.depth, text, anchor: heading.anchor });
  }
  const html = sanitizeHtml(marked.parser(tokens), OPTIONS);
  return { html, toc };
}
