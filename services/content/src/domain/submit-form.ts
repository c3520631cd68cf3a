import { createHash } from 'node:crypto';
import { newId, tooManyRequests, type AuthUser } from '@podz/kit';
import { FORM_HONEYPOT, type FormKind } from '@podz/proto';
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
  deps.logger.info({ kind, submissionId: record.id }, 'form received');
  return { id: record.id, receivedAt: record.createdAt.toISOString() };
}
