import { type AuthUser } from '@podz/kit';
import { type SaveDocBody } from '@podz/proto';
import { editorOf, type ContentDeps } from './content-deps';
import { docView, refuseGenerated } from './doc-views';

/** `PUT /api/docs/{slug}` (admins): creates or replaces a page. */
export async function saveDoc(deps: ContentDeps, admin: AuthUser, slug: string, body: SaveDocBody) {
  refuseGenerated(slug);
  return docView(await deps.docs.save(slug, { ...body, updatedBy: editorOf(admin) }));
}
