import { createHash } from 'node:crypto';
import { newId, notFound, tooManyRequests, type AuthUser } from '@podz/kit';
import { FORM_HONEYPOT, paginated, type FormKind, type FormSubmission, type Paginated } from '@podz/proto';
import type { FormSubmissionRecord } from '../data/form-model';
import type { ContentDeps } from './content-deps';

interface Sent {
  name: string;
  email: string;
  message: string;
  [detail: string]: string;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * A contact or advertise form as sent. Kept as plain text: the admin list shows it as text, so
 * nothing a visitor typed is ever rendered as markup. A filled-in honeypot is answered like any
 * other submission and stored nowhere; each sending address may send a few a day.
 */
export async function submitForm(
  deps: ContentDeps,
  kind: FormKind,
  sent: Sent,
  sender: AuthUser | undefined,
) {
  const { name, email, message, [FORM_HONEYPOT]: honeypot, ...details } = sent;
  if (honeypot) {
    deps.logger.info({ kind }, 'form dropped: the hidden field was filled in');
    return { id: newId(), receivedAt: new Date().toISOString() };
  }
  // Hashed: the counter needs to tell addresses apart, not to know them.
  const address = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  // Like the gateway's limits, this one fails open when Redis is away: a visitor's message is
  // worth more than a day's count, and the per-IP limit stands in front of it anyway.
  const decision = await deps.limiter
    .hit('form-address', address, { limit: deps.config.FORMS_PER_ADDRESS_PER_DAY, windowMs: DAY_MS })
    .catch((err: unknown) => {
      deps.logger.warn({ err, kind }, 'form address limit unavailable; letting the form through');
      return { allowed: true as const, retryAfterSeconds: 0 };
    });
  if (!decision.allowed) {
    throw tooManyRequests(
      decision.retryAfterSeconds,
      'Too many messages from this address today; try again tomorrow',
    );
  }
  const record = await deps.forms.add({ kind, name, email, message, details, userId: sender?.id ?? null });
  deps.logger.info({ kind, submissionId: record._id.toHexString() }, 'form received');
  return { id: record._id.toHexString(), receivedAt: record.createdAt.toISOString() };
}

function submissionView(record: FormSubmissionRecord): FormSubmission {
  return {
    id: record._id.toHexString(),
    kind: record.kind as FormKind,
    name: record.name,
    email: record.email,
    message: record.message,
    details: record.details ?? {},
    userId: record.userId ?? null,
    receivedAt: record.createdAt.toISOString(),
    handledAt: record.handledAt ? record.handledAt.toISOString() : null,
  };
}

/** `GET /api/content/forms` (admins): newest first. */
export async function listSubmissions(
  deps: ContentDeps,
  query: { kind?: FormKind; status?: 'new'; page: number; limit: number },
): Promise<Paginated<FormSubmission>> {
  const { items, total } = await deps.forms.page(query.kind, query.status === 'new', query.page, query.limit);
  return paginated(items.map(submissionView), total, query.page, query.limit);
}

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

/** `DELETE /api/content/forms/{id}` (admins). */
export async function deleteSubmission(deps: ContentDeps, id: string): Promise<void> {
  if (!(await deps.forms.remove(id))) throw notFound('Submission');
}
