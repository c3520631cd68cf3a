import { createHmac, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/** 128 bits of HMAC-SHA-256, base64url: 22 characters. */
export function listenerHash(salt: Buffer, address: string, userAgent: string): string {
  return createHmac('sha256', salt)
    .update(`${address}\n${userAgent}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/** The UTC day (`2026-11-26`) and month (`2026-11`) of an instant: the periods salts belong to. */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const utcMonth = (ms: number) => new Date(ms).toISOString().slice(0, 7);

const DAY_SALT_SECONDS = 2 * 24 * 3600;
const MONTH_SALT_SECONDS = 33 * 24 * 3600;

/**
 * Random salts per UTC day and per UTC month, shared by every catalog instance through Redis: the
 * first instance to need one creates it (`SET NX`), every other reads that one. Redis forgets a
 * salt a day after its period ends, and with it any way to tell which address a hash came from.
 */
export class ListenerSalts {
  private readonly known = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** The salts an instant's requests are hashed under: its UTC day's and its UTC month's. */
  async of(atMs: number): Promise<{ day: string; daySalt: Buffer; monthSalt: Buffer }> {
    const day = utcDay(atMs);
    const [daySalt, monthSalt] = await Promise.all([
      this.salt(day, DAY_SALT_SECONDS),
      this.salt(utcMonth(atMs), MONTH_SALT_SECONDS),
    ]);
    return { day, daySalt, monthSalt };
  }

  private salt(period: string, ttlSeconds: number): Promise<Buffer> {
    let salt = this.known.get(period);
    if (!salt) {
      salt = this.load(period, ttlSeconds);
      // A failed read is not remembered; only the last few periods are.
      salt.catch(() => this.known.delete(period));
      this.known.set(period, salt);
      if (this.known.size > 4) this.known.delete(this.known.keys().next().value as string);
    }
    return salt;
  }

  private async load(period: string, ttlSeconds: number): Promise<Buffer> {
    const key = `${this.prefix}:${period}`;
    await this.redis.set(key, randomBytes(32).toString('base64'), 'EX', ttlSeconds, 'NX');
    const stored = await this.redis.get(key);
    if (!stored) throw new Error(`listener salt ${period} vanished`);
    return Buffer.from(stored, 'base64');
  }
}
