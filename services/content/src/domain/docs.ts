import { conflict, isoOrNull, notFound, type AuthUser } from '@podz/kit';
import {
  API_ROUTES,
  EVENT_DEFINITIONS,
  GENERATED_DOC_SLUG,
  renderApiReference,
  type Doc,
  type SaveDocBody,
} from '@podz/proto';
import type { DocRecord } from '../data/doc-model';
import { editorOf, type ContentDeps } from './content-deps';
import { DEFAULT_DOCS } from './default-docs';
import { renderMarkdown } from './markdown';

const GENERATED_TITLE = 'API reference';

function docView(record: Omit<DocRecord, 'createdAt'>, generated = false): Doc {
  return {
    slug: record._id,
    title: record.title,
    generated,
    updatedAt: isoOrNull(record.updatedAt),
    markdown: record.markdown,
    ...renderMarkdown(record.markdown),
    updatedBy: record.updatedBy,
  };
}

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

const refuseGenerated = (slug: string) => {
  if (slug === GENERATED_DOC_SLUG) {
    throw conflict('The API reference is generated from @podz/proto; change the code to change it');
  }
};

/** `POST /api/docs/preview` (admins): what a page would show, rendered as saving would render it. */
export function previewDoc(markdown: string) {
  return Promise.resolve(renderMarkdown(markdown));
}

/** `PUT /api/docs/{slug}` (admins): creates or replaces a page. */
export async function saveDoc(deps: ContentDeps, admin: AuthUser, slug: string, body: SaveDocBody) {
  refuseGenerated(slug);
  return docView(await deps.docs.save(slug, { ...body, updatedBy: editorOf(admin) }));
}

export async function deleteDoc(deps: ContentDeps, slug: string): Promise<void> {
  refuseGenerated(slug);
  if (!(await deps.docs.remove(slug))) throw notFound('Documentation page');
}

/** The written pages a new network starts with; an admin's edits are never overwritten. */
export async function seedDefaultDocs(deps: ContentDeps): Promise<void> {
  for (const doc of DEFAULT_DOCS) await deps.docs.addIfMissing(doc.slug, doc);
}
