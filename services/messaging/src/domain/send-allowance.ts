import { tooManyRequests, type AuthUser } from '@podz/kit';
import type { MessagingDeps } from './messaging-deps';

const MINUTE = 60_000;

/** Sending is limited per user over every instance, so one account cannot flood others. */
export async function spendSendAllowance(deps: MessagingDeps, user: AuthUser): Promise<void> {
  const decision = await deps.limiter.hit('messages', user.id, {
    limit: deps.config.MESSAGE_RATE_PER_MINUTE,
    windowMs: MINUTE,
  });
  if (!decision.allowed) {
    throw tooManyRequests(decision.retryAfterSeconds, 'You are sending messages too fast; try again shortly');
  }
}
