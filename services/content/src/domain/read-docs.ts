import { isoOrNull, notFound } from '@podz/kit';
import { API_ROUTES, EVENT_DEFINITIONS, GENERATED_DOC_SLUG, renderApiReference, type Doc } from '@podz/proto';
import { type ContentDeps } from './content-deps';
import { docView } from './doc-views';

const GENERATED_TITLE = 'API reference';

// Built on first read: the routes and events only change with a new release of the code.
let apiReference: Doc | undefined;
function generatedDoc(): Doc {
  apiReference ??= {
    ...docView(
      {
        _id: GENERATED_DOC_SLUG,
        title: GENERATED_TITLE,
        markdown: renderApiReference(API_ROUTES, EVENT_DEFINITIONS),
        updatedAt: new Date(),
        updatedBy: null,
      },
      true,
    ),
    updatedAt: null,
  };
  return apiReference;
}

/** `GET /api/docs` (admins): the generated reference first, then the written pages by title. */
export async function listDocs(deps: ContentDeps) {
  const stored = await deps.docs.list();
  return {
    items: [
      { slug: GENERATED_DOC_SLUG, title: GENERATED_TITLE, generated: true, updatedAt: null },
      ...stored.map((doc) => ({
        slug: doc._id,
        title: doc.title,
        generated: false,
        updatedAt: isoOrNull(doc.updatedAt),
      })),
    ],
  };
}

export async function readDoc(deps: ContentDeps, slug: string): Promise<Doc> {
  if (slug === GENERATED_DOC_SLUG) return generatedDoc();
  const record = await deps.docs.find(slug);
  if (!record) throw notFound('Documentation page');
  return docView(record);
}
