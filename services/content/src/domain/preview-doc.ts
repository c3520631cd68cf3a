import { renderMarkdown } from './markdown';

/** `POST /api/docs/preview` (admins): what a page would show, rendered as saving would render it. */
export function previewDoc(markdown: string) {
  return Promise.resolve(renderMarkdown(markdown));
}
