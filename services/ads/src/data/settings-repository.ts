import { withEvents, type OutboxRelay, type PendingEvent } from '@podz/kit';
import { DEFAULT_AD_SETTINGS, DEFAULT_OWNER_SHARE_PERCENT, type AdSettings } from '@podz/proto';
import type { AdSettingsModel } from './settings-model';

const NETWORK = 'network';

/** The network's insertion settings: the defaults until admins save them. */
export class AdSettingsRepository {
  constructor(
    private readonly model: AdSettingsModel,
    private readonly relay: OutboxRelay,
  ) {}

  async current(): Promise<AdSettings> {
    const stored = await this.model
      .findById(NETWORK)
      .lean<Partial<AdSettings> & Omit<AdSettings, 'ownerSharePercent'>>();
    return stored
      ? {
          insertByDefault: stored.insertByDefault,
          rule: { ...stored.rule },
          ownerSharePercent: stored.ownerSharePercent ?? DEFAULT_OWNER_SHARE_PERCENT,
        }
      : DEFAULT_AD_SETTINGS;
  }

  async save(settings: AdSettings, events: PendingEvent[]): Promise<void> {
    await this.model.updateOne({ _id: NETWORK }, withEvents({ $set: settings }, events), { upsert: true });
    this.relay.kick(this.model);
  }
}
