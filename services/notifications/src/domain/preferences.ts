import { BELL_CATEGORIES, type Preferences, type UpdatePreferencesBody } from '@podz/proto';
import type { Switches } from '../data/preferences';
import type { NotificationsDeps } from './notifications-deps';

const view = (switches: Switches): Preferences => ({
  bell: Object.fromEntries(BELL_CATEGORIES.map((category) => [category, switches.bell[category]])),
  email: switches.email,
});

export async function readPreferences(deps: NotificationsDeps, userId: string): Promise<Preferences> {
  return view(await deps.preferences.find(userId));
}

export async function updatePreferences(
  deps: NotificationsDeps,
  userId: string,
  body: UpdatePreferencesBody,
): Promise<Preferences> {
  return view(await deps.preferences.update(userId, body));
}
