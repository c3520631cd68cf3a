/**
 * Descriptions and show notes are rich text that the catalog sanitized when it stored them. Lists
 * and cards show them as plain text; this reads the text out without running or rendering anything.
 */
export function plainText(html: string): string {
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}
