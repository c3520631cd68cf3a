import type { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import { runOnce } from '@podz/kit';

/**
 * Per user, how many new messages each of their conversations holds for them: a Redis hash keyed
 * by the user (`c<conversationId>` → count, and `checkedAt`), so the Messages badge is one read by
 * key whatever the number of conversations or users, and a send costs the store nothing for it.
 * The conversations stay the truth (each keeps its participants' unread counts): an inbox that is
 * missing (Redis lost it, or a user from before inboxes) or not checked for a while is rebuilt from
 * them (domain/new-message-count.ts). Only conversations with something unread are listed.
 */
export interface InboxRecord {
  _id: string;
  unread: Record<string, number>;
  /** When the counts were last rebuilt from the conversations themselves (see `repair`). */
  checkedAt?: Date;
}

const CHECKED_AT = 'checkedAt';
// A prefix keeps a conversation's field apart from `checkedAt`.
const entry = (conversationId: string) => `c${conversationId}`;

function inboxOf(userId: string, hash: Record<string, string>): InboxRecord | null {
  if (Object.keys(hash).length === 0) return null;
  const { [CHECKED_AT]: checkedAt, ...counts } = hash;
  const unread = Object.fromEntries(Object.entries(counts).map(([key, n]) => [key, Number(n)]));
  return { _id: userId, unread, ...(checkedAt ? { checkedAt: new Date(Number(checkedAt)) } : {}) };
}

export class InboxRepository {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** The inboxes were documents in the store before; those are rebuilt on demand, so they go. */
  static async dropStoredInboxes(db: Connection): Promise<void> {
    await runOnce(db, 'messaging-inboxes-in-redis-v1', async () => {
      await db.dropCollection('inboxes').catch(() => undefined);
    });
  }

  private key(userId: string): string {
    return `${this.prefix}:inbox:${userId}`;
  }

  /** The user's inbox, or null when none is kept (lost, or never made). */
  async find(userId: string): Promise<InboxRecord | null> {
    return inboxOf(userId, await this.redis.hgetall(this.key(userId)));
  }

  static total(inbox: Pick<InboxRecord, 'unread'>): number {
    return Object.values(inbox.unread ?? {}).reduce((sum, n) => sum + Math.max(0, n), 0);
  }

  /**
   * One more unread message in the conversation for each recipient; answers each recipient's inbox
   * as it is now. Plain commands, not a MULTI: the client's auto-pipeline sends them in one write
   * with whatever else the send asks of Redis in the same tick (a transaction is a write of its
   * own), and Redis runs one client's pipelined commands in order; a neighbour's write between
   * the two only makes the count read a fresher one.
   */
  async received(recipientIds: string[], conversationId: string): Promise<Map<string, InboxRecord>> {
    const inboxes = await Promise.all(
      recipientIds.map(async (id) => {
        const [, hash] = await Promise.all([
          this.redis.hincrby(this.key(id), entry(conversationId), 1),
          this.redis.hgetall(this.key(id)),
        ]);
        return [id, inboxOf(id, hash)] as const;
      }),
    );
    return new Map(inboxes.filter((pair): pair is [string, InboxRecord] => pair[1] !== null));
  }

  /** The user has read the conversation; answers their inbox as it is now (null if they have none). */
  async read(userId: string, conversationId: string): Promise<InboxRecord | null> {
    const [, hash] = await Promise.all([
      this.redis.hdel(this.key(userId), entry(conversationId)),
      this.redis.hgetall(this.key(userId)),
    ]);
    return inboxOf(userId, hash);
  }

  /** Replaces the counts with ones rebuilt from the conversations. */
  async repair(userId: string, unreadByConversation: Record<string, number>): Promise<void> {
    const counts = Object.entries(unreadByConversation)
      .filter(([, n]) => n > 0)
      .flatMap(([id, n]) => [entry(id), String(n)]);
    await this.redis
      .multi()
      .del(this.key(userId))
      .hset(this.key(userId), CHECKED_AT, String(Date.now()), ...counts)
      .exec();
  }

  async remove(userId: string): Promise<void> {
    await this.redis.del(this.key(userId));
  }
}
