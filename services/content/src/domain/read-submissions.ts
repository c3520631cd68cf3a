import { paginated, type FormKind, type FormSubmission, type Paginated } from '@podz/proto';
import type { ContentDeps } from './content-deps';
import { submissionView } from './form-views';

/** `GET /api/content/forms` (admins): newest first. */
export async function listSubmissions(
  deps: ContentDeps,
  query: { kind?: FormKind; status?: 'new'; page: number; limit: number },
): Promise<Paginated<FormSubmission>> {
  const { items, total } = await deps.forms.page(query.kind, query.status === 'new', query.page, query.limit);
  return paginated(items.map(submissionView), total, query.page, query.limit);
}
