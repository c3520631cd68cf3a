import type { Redis } from 'ioredis';
import { LruMap } from '@podz/kit';
import type { AdPosition } from '@podz/proto';
import type { LiveCampaign } from './campaign-choice';

const DAY_SECONDS = 24 * 3600;
/** A decision outlives its UTC day by a day: a download started at 23:59 still ranges at 00:01. */
const DECISION_SECONDS = 2 * DAY_SECONDS;

/** A break filled: which campaign's creative plays before which content frame. */
export interface Fill {
  position: AdPosition;
  atFrame: number;
  campaignId: string;
  creativeId: string;
}

/** A break and the campaigns that may fill it, in the order they are offered it (`offerOrder`). */
export interface Offer {
  position: AdPosition;
  atFrame: number;
  candidates: { campaign: LiveCampaign; creativeId: string }[];
}

/** Delivered so far by decisions, per campaign: in all, and today. */
export interface Served {
  total: number;
  today: number;
}

/**
 * Takes each break's candidates in order and fills the break with the first one whose caps for
 * this listener, and whose goal and day's share of it, allow another impression, never two of one
 * advertiser category in the file; counts what it chose; keeps the decision. All in one step, so
 * two instances deciding one download at once agree (the second finds the first's decision) and
 * no cap or goal is passed by a race. Keys besides the decision's are made here from the prefix:
 * PODZ runs one Redis, not a cluster.
 */
const DECIDE = `
local decision = KEYS[1]
local existing = redis.call('GET', decision)
if existing then return existing end
local prefix, listener, day, week = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local ttl = tonumber(ARGV[5])
local offers = cjson.decode(ARGV[6])
local count = function(key) return tonumber(redis.call('GET', key) or '0') end
local bump = function(key, seconds)
  redis.call('INCR', key)
  redis.call('EXPIRE', key, seconds)
end
local used = {}
local fills = {}
for _, offer in ipairs(offers) do
  for _, c in ipairs(offer.candidates) do
    if not used[c.category] then
      local capDay = prefix .. 'cap:' .. c.campaign .. ':' .. listener .. ':' .. day
      local capWeek = prefix .. 'capw:' .. c.campaign .. ':' .. listener .. ':' .. week
      local total = prefix .. 'served:' .. c.campaign
      local today = prefix .. 'served:' .. c.campaign .. ':' .. day
      local ok = not (c.perDay > 0 and count(capDay) >= c.perDay)
      ok = ok and not (c.perWeek > 0 and count(capWeek) >= c.perWeek)
      if ok and c.goal > 0 then
        local all, now = count(total), count(today)
        ok = all < c.goal and now < math.ceil((c.goal - (all - now)) / c.daysLeft)
      end
      if ok then
        bump(capDay, 2 * 86400)
        bump(capWeek, 8 * 86400)
        bump(total, 400 * 86400)
        bump(today, 3 * 86400)
        used[c.category] = true
        table.insert(fills, { position = offer.position, atFrame = offer.atFrame, campaignId = c.campaign, creativeId = c.creative })
        break
      end
    end
  end
end
local encoded = '[]'
if #fills > 0 then encoded = cjson.encode(fills) end
redis.call('SET', decision, encoded, 'EX', ttl)
return encoded
`;

const DAY_MS = DAY_SECONDS * 1000;

/** `YYYY-MM-DD` of an instant, UTC. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The ISO week of an instant (`2026-W50`): weekly caps run Monday to Sunday, UTC. */
export function isoWeek(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / DAY_MS + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

type DecidingRedis = Redis & {
  decideFills(key: string, prefix: string, ...args: string[]): Promise<string>;
};

/**
 * Insertion decisions and what they counted, in Redis by key: one decision per listener, episode
 * and UTC day (every range request of a download, on any instance, gets the same bytes), caps per
 * listener and campaign per day and week, and impressions decided per campaign, in all and per day
 * (the pacing's counts).
 */
export class DecisionStore {
  private readonly redis: DecidingRedis;
  /**
   * Decisions this instance has read or made: one never changes under its key (listener, episode,
   * day), and a download's ranges come in bursts, so its later ranges skip Redis.
   */
  private readonly remembered = new LruMap<string, Fill[]>(20_000);

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    if (!('decideFills' in redis)) redis.defineCommand('decideFills', { numberOfKeys: 1, lua: DECIDE });
    this.redis = redis as DecidingRedis;
  }

  private decisionKey(episodeId: string, listener: string, day: string): string {
    return `${this.prefix}d:${episodeId}:${listener}:${day}`;
  }

  /**
   * The fills this instance has read or made for this download today, without asking Redis; null
   * when it has none (another instance may have decided: `decide` answers that decision).
   */
  known(episodeId: string, listener: string, at: Date): Fill[] | null {
    return this.remembered.get(this.decisionKey(episodeId, listener, utcDay(at))) ?? null;
  }

  /** The fills decided for this download today, or null before any was. */
  async decided(episodeId: string, listener: string, at: Date): Promise<Fill[] | null> {
    const key = this.decisionKey(episodeId, listener, utcDay(at));
    const remembered = this.remembered.get(key);
    if (remembered) return remembered;
    const stored = await this.redis.get(key);
    if (stored === null) return null;
    const fills = JSON.parse(stored) as Fill[];
    this.remembered.set(key, fills);
    return fills;
  }

  /** Impressions decided so far for each campaign, in all and on `at`'s day. */
  async served(campaignIds: readonly string[], at: Date): Promise<Map<string, Served>> {
    if (campaignIds.length === 0) return new Map();
    const day = utcDay(at);
    const keys = campaignIds.flatMap((id) => [
      `${this.prefix}served:${id}`,
      `${this.prefix}served:${id}:${day}`,
    ]);
    const counts = (await this.redis.mget(keys)).map((value) => Number(value ?? 0));
    return new Map(
      campaignIds.map((id, i) => [id, { total: counts[2 * i] ?? 0, today: counts[2 * i + 1] ?? 0 }]),
    );
  }

  /** Decides this download's fills from the offers (or answers the decision already made). */
  async decide(episodeId: string, listener: string, at: Date, offers: readonly Offer[]): Promise<Fill[]> {
    const day = utcDay(at);
    const encoded = offers.map((offer) => ({
      position: offer.position,
      atFrame: offer.atFrame,
      candidates: offer.candidates.map(({ campaign, creativeId }) => ({
        campaign: campaign.id,
        creative: creativeId,
        category: campaign.advertiserCategory,
        perDay: campaign.caps.perDay ?? 0,
        perWeek: campaign.caps.perWeek ?? 0,
        goal: campaign.impressionGoal ?? 0,
        daysLeft: Math.max(1, Math.ceil((campaign.flight.endsAt.getTime() - Date.parse(day)) / DAY_MS)),
      })),
    }));
    const key = this.decisionKey(episodeId, listener, day);
    const stored = await this.redis.decideFills(
      key,
      this.prefix,
      listener,
      day,
      isoWeek(at),
      String(DECISION_SECONDS),
      JSON.stringify(encoded),
    );
    const fills = JSON.parse(stored) as Fill[];
    this.remembered.set(key, fills);
    return fills;
  }
}
