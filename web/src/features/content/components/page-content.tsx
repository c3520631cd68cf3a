import type { Page } from '@podz/proto';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-state';

export function PageHero({ page }: { page: Pick<Page, 'title' | 'hero'> }) {
  const hero = page.hero;
  if (!hero) return <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{page.title}</h1>;
  const cta = hero.cta;
  return (
    <div className="py-6 text-center sm:py-10">
      <h1 className="text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-6xl">
        {hero.heading}
      </h1>
      {hero.subheading && (
        <p className="mx-auto mt-5 max-w-2xl text-lg text-balance text-slate-600">{hero.subheading}</p>
      )}
      {cta &&
        (cta.href.startsWith('/') ? (
          <Link to={cta.href} className={buttonClass('primary', 'mt-8 px-6 py-3')}>
            {cta.label}
          </Link>
        ) : (
          <a href={cta.href} className={buttonClass('primary', 'mt-8 px-6 py-3')} rel="noopener noreferrer">
            {cta.label}
          </a>
        ))}
    </div>
  );
}

/** Section bodies are rich text the content service sanitized when it was saved. */
export function PageSections({ page }: { page: Pick<Page, 'sections'> }) {
  if (page.sections.length === 0) return null;
  return (
    <div className="mx-auto mt-10 grid max-w-4xl gap-10">
      {page.sections.map((section, index) => (
        <section key={index}>
          {section.heading && <h2 className="text-2xl font-bold text-slate-900">{section.heading}</h2>}
          <div
            className="prose-podz mt-3 space-y-3 text-slate-700 [&_a]:text-indigo-700 [&_a]:underline [&_li]:ml-5 [&_ul]:list-disc"
            dangerouslySetInnerHTML={{ __html: section.body }}
          />
        </section>
      ))}
    </div>
  );
}

/** An editors' page (home, about, advertise, contact): its hero and sections, with loading and error states. */
export function PageContent({ page }: { page: UseQueryResult<Page> }) {
  return (
    <QueryState query={page}>
      {(content) => (
        <>
          <PageHero page={content} />
          <PageSections page={content} />
        </>
      )}
    </QueryState>
  );
}
