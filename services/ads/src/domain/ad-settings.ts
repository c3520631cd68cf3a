import { pendingEvent } from '@podz/kit';
import { adSettingsChanged, type AdSettings, type AdSettingsBody } from '@podz/proto';
import type { AdsPorts } from './ads-ports';

/** `GET /api/ads/settings`: the network's default for shows, its rule for breaks, the owners' share. */
export function readAdSettings(deps: Pick<AdsPorts, 'settings'>): Promise<AdSettings> {
  return deps.settings.current();
}

/** `PUT /api/ads/settings` (admins): what the body names changes; media hears it from the event. */
export async function saveAdSettings(
  deps: Pick<AdsPorts, 'settings' | 'logger'>,
  body: AdSettingsBody,
): Promise<AdSettings> {
  const current = await deps.settings.current();
  const next: AdSettings = {
    insertByDefault: body.insertByDefault ?? current.insertByDefault,
    rule: body.rule ?? current.rule,
    ownerSharePercent: body.ownerSharePercent ?? current.ownerSharePercent,
  };
  await deps.settings.save(next, [pendingEvent(adSettingsChanged, 'network', next)]);
  deps.logger.info({ settings: next }, 'ad settings saved');
  return next;
}
