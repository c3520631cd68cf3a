import type { Redis } from 'ioredis';

/**
 * Two kinds of sorted sets in Redis beside the store, so that the pages a member reads cost the
 * same however many conversations they have or however long a conversation grew:
 *
 * - a user's conversations, latest activity first (`conversations:<userId>`, score = the time of
 *   the last message, member = conversation id);
 * - a conversation's messages, newest first (`messages:<conversationId>`, member = message id, all
 *   scores 0 so they sort by id, which is by time).
 *
 * Each set holds a sentinel member '' once it is complete: a set without it (lost, expired, or
 * only begun by a send) is rebuilt from the store by its reader. Every send adds to both; the store
 * stays the truth, and readers check each conversation they load against it. A conversation's
 * messages expire a week after they were last written or read, so Redis holds the active ones.
 */
const SENTINEL = '';
const MESSAGES_TTL_SECONDS = 7 * 24 * 3600;

export interface ConversationEntry {
  id: string;
  /** The last message's time in ms, 0 for a conversation without messages. */
  at: number;
}

export interface SentMessage {
  participantIds: string[];
  conversationId: string;
  messageId: string;
  at: Date;
}

export class ActivityLists {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private conversationsKey(userId: string): string {
    return `${this.prefix}:conversations:${userId}`;
  }

  private messagesKey(conversationId: string): string {
    return `${this.prefix}:messages:${conversationId}`;
  }

  /** A message was recorded: its conversation moves up for every participant, and the message is listed. */
  async sent(participantIds: string[], conversationId: string, messageId: string, at: Date): Promise<void> {
    await this.sentAll([{ participantIds, conversationId, messageId, at }]);
  }

  /**
   * `sent` for several messages in one round trip: plain commands, which the client's
   * auto-pipeline writes together with the rest of the send's (a MULTI would be a write of its own).
   */
  async sentAll(sent: SentMessage[]): Promise<void> {
    const writes: Promise<unknown>[] = [];
    for (const { participantIds, conversationId, messageId, at } of sent) {
      // GT: two sends racing never move a conversation back to the older one's time.
      for (const id of participantIds) {
        writes.push(this.redis.zadd(this.conversationsKey(id), 'GT', at.getTime(), conversationId));
      }
      const messages = this.messagesKey(conversationId);
      writes.push(this.redis.zadd(messages, 0, messageId), this.redis.expire(messages, MESSAGES_TTL_SECONDS));
    }
    await Promise.all(writes);
  }

  /** A page of the user's conversations, latest first: null when the list must be rebuilt. */
  async conversationPage(userId: string, offset: number, count: number) {
    const key = this.conversationsKey(userId);
    const [complete, ids, total] = await exec(
      this.redis
        .multi()
        .zscore(key, SENTINEL)
        .zrevrangebyscore(key, '+inf', '(-inf', 'LIMIT', offset, count)
        .zcount(key, '(-inf', '+inf'),
    );
    return complete === null ? null : { ids: ids as string[], total: total as number };
  }

  /** The user's conversations as the store has them, and the list marked complete. */
  async rebuildConversations(userId: string, entries: ConversationEntry[]): Promise<void> {
    const key = this.conversationsKey(userId);
    const transaction = this.redis.multi();
    if (entries.length) transaction.zadd(key, ...entries.flatMap((entry) => [entry.at, entry.id]));
    await exec(transaction.zadd(key, '-inf', SENTINEL));
  }

  /** Takes a conversation the user no longer takes part in out of their list. */
  async drop(userId: string, conversationId: string): Promise<void> {
    await this.redis.zrem(this.conversationsKey(userId), conversationId);
  }

  /** The lists a send could not update count as incomplete: their next reader rebuilds them. */
  async incomplete(participantIds: string[], conversationId: string): Promise<void> {
    const transaction = this.redis.multi();
    for (const id of participantIds) transaction.zrem(this.conversationsKey(id), SENTINEL);
    await exec(transaction.zrem(this.messagesKey(conversationId), SENTINEL));
  }

  /** The user is gone: their list goes with them. */
  async forget(userId: string): Promise<void> {
    await this.redis.del(this.conversationsKey(userId));
  }

  /**
   * Up to `count` message ids older than `before` (all if absent), newest first; null when the
   * conversation's list must be rebuilt.
   */
  async messagePage(conversationId: string, before: string | undefined, count: number) {
    const key = this.messagesKey(conversationId);
    const [complete, ids] = await exec(
      this.redis
        .multi()
        .zscore(key, SENTINEL)
        // '(' alone: everything above the sentinel.
        .zrevrangebylex(key, before ? `(${before}` : '+', '(', 'LIMIT', 0, count)
        .expire(key, MESSAGES_TTL_SECONDS),
    );
    return complete === null ? null : (ids as string[]);
  }

  async rebuildMessages(conversationId: string, messageIds: string[]): Promise<void> {
    const key = this.messagesKey(conversationId);
    const transaction = this.redis.multi();
    if (messageIds.length) transaction.zadd(key, ...messageIds.flatMap((id) => [0, id]));
    await exec(transaction.zadd(key, 0, SENTINEL).expire(key, MESSAGES_TTL_SECONDS));
  }
}

async function exec(transaction: ReturnType<Redis['multi']>): Promise<unknown[]> {
  const results = (await transaction.exec()) ?? [];
  return results.map(([err, value]) => {
    if (err) throw err;
    return value;
  });
}
