import type { Redis } from 'ioredis';
import {
  DEFAULT_BREAK_RULE,
  DEFAULT_OWNER_SHARE_PERCENT,
  type AdSettings,
  type CampaignDeliveries,
  type CampaignStatus,
  type Targeting,
} from '@podz/proto';

/**
 * What analytics knows of a campaign: what its report names it by and measures it against, and
 * its creatives in order (a report names them by their place).
 */
export type CampaignEntry = CampaignDeliveries['campaign'] & {
  creativeIds: string[];
  /** Absent on entries kept before the forecast read them. */
  status?: CampaignStatus;
  targeting?: Targeting;
};

/**
 * The campaigns, kept from the ads service's events in Redis (`campaign:<id>`, the entry as
 * JSON), read by key. A deleted campaign's entry stays: what it delivered is still reported.
 */
export class CampaignDirectory {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async put(campaign: CampaignEntry): Promise<void> {
    const write = this.redis.multi().set(`${this.prefix}:campaign:${campaign.id}`, JSON.stringify(campaign));
    const live = `${this.prefix}:campaigns:live`;
    await (campaign.status === 'live' ? write.sadd(live, campaign.id) : write.srem(live, campaign.id)).exec();
  }

  /** A deleted campaign books nothing more; its entry stays for its reports. */
  async deleted(id: string): Promise<void> {
    await this.redis.srem(`${this.prefix}:campaigns:live`, id);
  }

  /** The campaigns live now (tens at a time): what is booked against the inventory. */
  async live(): Promise<CampaignEntry[]> {
    return this.many(await this.redis.smembers(`${this.prefix}:campaigns:live`));
  }

  /** The network's settings analytics reads: the owners' share and the rule for breaks. */
  async putSettings(
    settings: Pick<AdSettings, 'ownerSharePercent' | 'rule' | 'insertByDefault'>,
  ): Promise<void> {
    await this.redis.set(`${this.prefix}:ads:settings`, JSON.stringify(settings));
  }

  async settings(): Promise<Pick<AdSettings, 'ownerSharePercent' | 'rule' | 'insertByDefault'>> {
    const stored = await this.redis.get(`${this.prefix}:ads:settings`);
    if (stored)
      return JSON.parse(stored) as Pick<AdSettings, 'ownerSharePercent' | 'rule' | 'insertByDefault'>;
    return {
      ownerSharePercent: DEFAULT_OWNER_SHARE_PERCENT,
      rule: DEFAULT_BREAK_RULE,
      insertByDefault: false,
    };
  }

  /** Campaigns by id; a campaign analytics never heard of is left out. */
  async many(ids: readonly string[]): Promise<CampaignEntry[]> {
    if (ids.length === 0) return [];
    const raw = await this.redis.mget(ids.map((id) => `${this.prefix}:campaign:${id}`));
    return raw.flatMap((one) => (one ? [JSON.parse(one) as CampaignEntry] : []));
  }

  async get(id: string): Promise<CampaignEntry | null> {
    const raw = await this.redis.get(`${this.prefix}:campaign:${id}`);
    return raw ? (JSON.parse(raw) as CampaignEntry) : null;
  }
}
