import { notFound } from '@podz/kit';
import { type FormSubmission } from '@podz/proto';
import type { ContentDeps } from './content-deps';
import { submissionView } from './form-views';

/** `PATCH /api/content/forms/{id}` (admins): handled, or waiting again. */
export async function markSubmission(
  deps: ContentDeps,
  id: string,
  handled: boolean,
): Promise<FormSubmission> {
  const record = await deps.forms.setHandled(id, handled);
  if (!record) throw notFound('Submission');
  return submissionView(record);
}
