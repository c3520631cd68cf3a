import type { Redis } from 'ioredis';

/** A conversation with something unread for a member. */
export interface ReminderRecord {
  userId: string;
  conversationId: string;
  senderId: string;
  mailed: boolean;
}

export const reminderKey = (conversationId: string, userId: string) => `${conversationId}:${userId}`;

/** A reminder nobody reads is forgotten after this long (the conversation may be mailed again then). */
const KEPT_SECONDS = 30 * 24 * 3600;

/**
 * Which conversations wait to be read by whom, in Redis: a hash per conversation and member
 * (`sender`, `mailed`), so a message costs the store nothing here, two commands in one round trip
 * per recipient. The first unread message makes it; later ones find it there (one mail per
 * conversation until read); reading removes it. If Redis loses it, a reminder is not sent.
 */
export class MessageReminders {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(reminder: string): string {
    return `${this.prefix}:${reminder}`;
  }

  /** Keeps the first unread message's sender; answers whether the member was mailed about it already. */
  async waiting(conversationId: string, userId: string, senderId: string): Promise<{ mailed: boolean }> {
    const key = this.key(reminderKey(conversationId, userId));
    const results = await this.redis
      .multi()
      .hsetnx(key, 'sender', senderId)
      .expire(key, KEPT_SECONDS)
      .hget(key, 'mailed')
      .exec();
    const [err, mailed] = results?.[2] ?? [new Error('the reminder transaction was aborted')];
    if (err) throw err;
    return { mailed: mailed === '1' };
  }

  async find(reminder: string): Promise<ReminderRecord | null> {
    const hash = await this.redis.hgetall(this.key(reminder));
    if (!hash.sender) return null;
    const [conversationId, userId] = reminder.split(':') as [string, string];
    return { userId, conversationId, senderId: hash.sender, mailed: hash.mailed === '1' };
  }

  async markMailed(reminder: string): Promise<void> {
    // Only while it is still waiting: a read in between removed it, and it stays removed.
    await this.redis.eval(
      "if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('HSET', KEYS[1], 'mailed', '1') end",
      1,
      this.key(reminder),
    );
  }

  async read(conversationId: string, userId: string): Promise<void> {
    await this.redis.del(this.key(reminderKey(conversationId, userId)));
  }
}
