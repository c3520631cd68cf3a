import { badRequest } from '@podz/kit';
import { NOTIFICATION_CATEGORIES, type Unsubscribed } from '@podz/proto';
import type { NotificationsDeps } from './notifications-deps';

/** The link in a mail: turns that category's mail off for the member it was signed for. */
export async function unsubscribe(deps: NotificationsDeps, token: string | undefined): Promise<Unsubscribed> {
  const signed = token ? deps.unsubscribe.read(token) : undefined;
  if (!signed)
    throw badRequest('This unsubscribe link is not valid; change your mail settings under Settings');
  await deps.preferences.update(signed.userId, { email: { [signed.category]: false } });
  deps.logger.info({ userId: signed.userId, category: signed.category }, 'unsubscribed from a mail category');
  return { category: signed.category, label: NOTIFICATION_CATEGORIES[signed.category].label };
}
