import type { Redis } from 'ioredis';
import type { CampaignDeliveries } from '@podz/proto';

/**
 * What analytics knows of a campaign: what its report names it by and measures it against, and
 * its creatives in order (a report names them by their place).
 */
export type CampaignEntry = CampaignDeliveries['campaign'] & { creativeIds: string[] };

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
    await this.redis.set(`${this.prefix}:campaign:${campaign.id}`, JSON.stringify(campaign));
  }

  async get(id: string): Promise<CampaignEntry | null> {
    const raw = await this.redis.get(`${this.prefix}:campaign:${id}`);
    return raw ? (JSON.parse(raw) as CampaignEntry) : null;
  }
}
