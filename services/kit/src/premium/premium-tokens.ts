import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { LruMap } from '../cache/lru-map';

const DAY_MS = 24 * 3600 * 1000;
/** An audio link is good for five to six weeks: a podcast app that polls weekly always has a live one. */
const AUDIO_LINK_WEEKS = 6;
const AUDIO_KEY = /^([0-9a-f]{24})\.(\d{1,6})\.([A-Za-z0-9_-]{22})$/;

/**
 * `PREMIUM_LINK_SECRET`, for the configs of the services that use it (catalog signs, media checks):
 * changing it stops every private feed link and every signed audio link at once.
 */
export const premiumLinkSecretSetting = z
  .string({ error: 'is required (at least 32 characters)' })
  .min(32, { error: 'must be at least 32 characters' });

export type AudioKeyCheck =
  { ok: true; feedId: string } | { ok: false; why: 'malformed' | 'forged' | 'expired' };

/**
 * The secrets of premium listening, all derived from `PREMIUM_LINK_SECRET`:
 *
 * - a private feed's token is an HMAC of its feed id (32 bytes, base64url): the store keeps only
 *   the token's SHA-256, and the member can be shown their link again without it being stored;
 * - an audio link in a private feed carries `k=<feedId>.<day>.<mac>`: the feed it was issued for
 *   and the day it stops working, signed. The day moves once a week, so a feed's bytes (and its
 *   ETag) stay the same between weeks and a repeat poll is a 304.
 */
export class PremiumTokens {
  /** Keys already verified: an app's ranged GETs of one episode repeat one key many times. */
  private readonly verified = new LruMap<string, { feedId: string; untilDay: number }>(10_000);

  constructor(private readonly secret: string) {}

  feedToken(feedId: string): string {
    return this.mac(`private-feed:${feedId}`).toString('base64url');
  }

  hashOf(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }

  audioKey(feedId: string, now: number): string {
    const day = Math.floor(now / DAY_MS);
    const until = (Math.floor(day / 7) + AUDIO_LINK_WEEKS) * 7;
    return this.signedAudioKey(feedId, until);
  }

  /** A key for a feed good until the end of that day (since 1970); tests make expired ones with it. */
  signedAudioKey(feedId: string, untilDay: number): string {
    return `${feedId}.${untilDay}.${this.audioMac(feedId, untilDay)}`;
  }

  checkAudioKey(key: string, now: number): AudioKeyCheck {
    const known = this.verified.get(key);
    if (known) {
      return Math.floor(now / DAY_MS) > known.untilDay
        ? { ok: false, why: 'expired' }
        : { ok: true, feedId: known.feedId };
    }
    const parts = AUDIO_KEY.exec(key);
    if (!parts) return { ok: false, why: 'malformed' };
    const [, feedId = '', untilDay = '', mac = ''] = parts;
    const expected = Buffer.from(this.audioMac(feedId, Number(untilDay)));
    if (!timingSafeEqual(expected, Buffer.from(mac))) return { ok: false, why: 'forged' };
    this.verified.set(key, { feedId, untilDay: Number(untilDay) });
    if (Math.floor(now / DAY_MS) > Number(untilDay)) return { ok: false, why: 'expired' };
    return { ok: true, feedId };
  }

  private audioMac(feedId: string, untilDay: number): string {
    return this.mac(`premium-audio:${feedId}:${untilDay}`).toString('base64url').slice(0, 22);
  }

  private mac(value: string): Buffer {
    return createHmac('sha256', this.secret).update(value).digest();
  }
}
