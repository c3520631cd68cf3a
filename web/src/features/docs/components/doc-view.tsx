import type { TocEntry } from '@podz/proto';
import { useEffect, useRef } from 'react';

// Markdown's elements styled in place (no typography plugin); wide tables and code scroll inside
// the page, so a phone never scrolls sideways.
const ARTICLE = [
  'min-w-0 space-y-3 break-words text-slate-800',
  '[&_h1]:text-2xl [&_h1]:font-bold [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold',
  '[&_h3]:mt-4 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:font-semibold',
  '[&_a]:text-indigo-700 [&_a]:underline [&_ul]:list-disc [&_ol]:list-decimal [&_li]:ml-5',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_pre]:overflow-x-auto [&_pre]:rounded-md',
  '[&_pre]:bg-slate-100 [&_pre]:p-3 [&_table]:block [&_table]:overflow-x-auto [&_table]:text-sm',
  '[&_td]:border [&_td]:border-slate-200 [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-slate-200 [&_th]:px-2',
].join(' ');

/** A rendered page: its table of contents and the HTML the server rendered and sanitized. */
export function DocBody({ html, toc }: { html: string; toc: TocEntry[] }) {
  const article = useRef<HTMLElement>(null);
  // Wide tables and code blocks scroll inside the page: keyboard users must be able to reach them.
  useEffect(() => {
    article.current?.querySelectorAll<HTMLElement>('table, pre').forEach((element) => {
      element.tabIndex = 0;
    });
  }, [html]);
  return (
    <div className="grid gap-6 lg:grid-cols-[14rem_1fr]">
      {toc.length > 0 && (
        <nav aria-label="Contents" className="text-sm lg:sticky lg:top-4 lg:self-start">
          <p className="mb-2 font-semibold text-slate-800">Contents</p>
          <ul className="space-y-1">
            {toc.map((entry) => (
              <li key={entry.anchor} style={{ paddingLeft: `${(entry.level - 1) * 0.75}rem` }}>
                <a href={`#${entry.anchor}`} className="text-indigo-700 underline">
                  {entry.text}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <article
        ref={article}
        className={ARTICLE}
        // Rendered and sanitized by the content service (sanitize-html), never by the browser.
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </div>
  );
}
