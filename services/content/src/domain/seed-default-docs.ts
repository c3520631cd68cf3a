import { type ContentDeps } from './content-deps';
import { DEFAULT_DOCS } from './default-docs';

/** The written pages a new network starts with; an admin's edits are never overwritten. */
export async function seedDefaultDocs(deps: ContentDeps): Promise<void> {
  for (const doc of DEFAULT_DOCS) await deps.docs.addIfMissing(doc.slug, doc);
}
