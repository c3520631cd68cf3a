import { notFound } from '@podz/kit';
import type { ContentDeps } from './content-deps';

/** `DELETE /api/content/forms/{id}` (admins). */
export async function deleteSubmission(deps: ContentDeps, id: string): Promise<void> {
  if (!(await deps.forms.remove(id))) throw notFound('Submission');
}
