import { notFound } from '@podz/kit';
import { type ContentDeps } from './content-deps';
import { refuseGenerated } from './doc-views';

export async function deleteDoc(deps: ContentDeps, slug: string): Promise<void> {
  refuseGenerated(slug);
  if (!(await deps.docs.remove(slug))) throw notFound('Documentation page');
}
