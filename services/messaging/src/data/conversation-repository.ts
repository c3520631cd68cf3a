import { Types } from 'mongoose';
import {
  findInIdOrder,
  isDuplicateKey,
  LruMap,
  withEvents,
  type OutboxRelay,
  type PendingEvent,
  present,
  keyed,
  keyedOrNull,
} from '@podz/kit';
import type { UserRef } from '@podz/proto';
import {
  pairKeyOf,
  PREVIEW_LENGTH,
  type ConversationModel,
  type ConversationRecord,
  type ParticipantState,
  type StoredConversation,
} from './conversation-model';
import type { MessageRecord } from './message-model';

export type { ConversationRecord };

// State is keyed by user id; the prefix keeps a key from ever reading as an array index.
const stateKey = (userId: string) => `u${userId}`;
const statePath = (userId: string) => `state.${stateKey(userId)}`;

export const stateOf = (record: ConversationRecord, userId: string): ParticipantState =>
  record.state?.[stateKey(userId)] ?? { unread: 0, lastReadAt: null };

/** Conversations whose participant ids a process remembers (about 100 bytes each). */
const REMEMBERED_CONVERSATIONS = 50_000;

/** The conversation as `recordMessage` leaves it, worked out from how it was just before. */
function withMessage(
  before: ConversationRecord,
  message: MessageRecord,
  recipientIds: string[],
  updatedAt: Date,
): ConversationRecord {
  const state = { ...before.state };
  for (const id of recipientIds) {
    const current = state[stateKey(id)];
    state[stateKey(id)] = { ...current, unread: (current?.unread ?? 0) + 1 } as ParticipantState;
  }
  state[stateKey(message.senderId)] = { unread: 0, lastReadAt: message.createdAt };
  return {
    ...before,
    state,
    lastMessage: previewOf(message),
    lastMessageAt: message.createdAt,
    updatedAt,
  };
}

const previewOf = (message: MessageRecord) => ({
  id: message.id,
  senderId: message.senderId,
  text: message.text.slice(0, PREVIEW_LENGTH),
  createdAt: message.createdAt,
});

/** Conversations in the store. Writes that carry events kick the relay so they leave at once. */
export class ConversationRepository {
  /**
   * Who takes part in a conversation is fixed when it is made (a deleted user's id is replaced,
   * which `recordMessage` notices), so a send need not read the conversation first.
   */
  private readonly participantIdsById = new LruMap<string, string[]>(REMEMBERED_CONVERSATIONS);

  constructor(
    private readonly model: ConversationModel,
    private readonly relay: OutboxRelay,
  ) {}

  /**
   * The conversation's participant ids if `userId` is one of them, else null. Remembered from an
   * earlier read unless `fresh`.
   */
  async participantIdsFor(id: string, userId: string, { fresh }: { fresh: boolean }) {
    const known = fresh ? undefined : this.participantIdsById.get(id);
    if (known) return known.includes(userId) ? known : null;
    const conversation = await this.findFor(id, userId);
    if (conversation) this.participantIdsById.set(id, conversation.participantIds);
    return conversation?.participantIds ?? null;
  }

  /** The conversation, only if `userId` takes part in it. */
  findFor(id: string, userId: string): Promise<ConversationRecord | null> {
    return this.model
      .findOne({ _id: new Types.ObjectId(id), participantIds: userId })
      .lean<StoredConversation>()
      .then(keyedOrNull);
  }

  /**
   * The conversation between the two, created empty if they have none yet; its participants are
   * remembered, so the messages that usually follow need no read of their own.
   */
  async between(a: UserRef, b: UserRef): Promise<ConversationRecord> {
    const found = await this.findOrCreateBetween(a, b);
    this.participantIdsById.set(found.id, found.participantIds);
    return found;
  }

  private async findOrCreateBetween(a: UserRef, b: UserRef): Promise<ConversationRecord> {
    const pairKey = pairKeyOf(a.id, b.id);
    const existing = await this.model.findOne({ pairKey }).lean<StoredConversation>();
    if (existing) return keyed(existing);
    const state = {
      [stateKey(a.id)]: { unread: 0, lastReadAt: null },
      [stateKey(b.id)]: { unread: 0, lastReadAt: null },
    };
    try {
      await this.model.create({ participants: [a, b], participantIds: [a.id, b.id], pairKey, state });
    } catch (err) {
      // The other side started it at the same moment: theirs is ours.
      if (!isDuplicateKey(err)) throw err;
    }
    return keyed(
      present(await this.model.findOne({ pairKey }).lean<StoredConversation>(), `conversation ${pairKey}`),
    );
  }

  /**
   * Records a message already stored: preview, time, one more unread for each recipient, and the
   * event, in one write that only applies while the conversation still has exactly these
   * participants. Answers the conversation before and after, or null when it did not apply.
   * `once`: the message's id is derived from its cause, and a second call with it changes nothing
   * (answers 'already recorded'), so a delivery retried after a crash counts and publishes once.
   */
  async recordMessage(
    conversationId: string,
    participantIds: string[],
    message: MessageRecord,
    events: PendingEvent[],
    { once = false } = {},
  ): Promise<{ before: ConversationRecord; after: ConversationRecord } | null | 'already recorded'> {
    const recipientIds = participantIds.filter((id) => id !== message.senderId);
    const deliveredPath = `delivered.${message.id}`;
    const _id = new Types.ObjectId(conversationId);
    const $inc = Object.fromEntries(recipientIds.map((id) => [`${statePath(id)}.unread`, 1]));
    const updatedAt = new Date();
    const update = withEvents(
      {
        $set: {
          lastMessage: previewOf(message),
          lastMessageAt: message.createdAt,
          // The sender has read everything up to their own message.
          [`${statePath(message.senderId)}.unread`]: 0,
          [`${statePath(message.senderId)}.lastReadAt`]: message.createdAt,
          updatedAt,
          ...(once ? { [deliveredPath]: true } : {}),
        },
        $inc,
      },
      events,
    );
    // One statement that writes and answers the document as it was: whether the sender had
    // unread messages is in it, and the rest follows from the update. Through the driver: mongoose
    // would ask to leave out the outbox fields, and FerretDB cannot project on findAndModify.
    const stored = (await this.model.collection.findOneAndUpdate(
      {
        _id,
        participantIds: { $eq: participantIds },
        ...(once ? { [deliveredPath]: { $exists: false } } : {}),
      },
      update,
      { returnDocument: 'before' },
    )) as unknown as StoredConversation | null;
    if (!stored) {
      if (once && (await this.model.exists({ _id, [deliveredPath]: true }))) return 'already recorded';
      this.participantIdsById.delete(conversationId);
      return null;
    }
    const before = keyed(stored);
    this.relay.kick(this.model);
    return { before, after: withMessage(before, message, recipientIds, updatedAt) };
  }

  /** Unread to zero for the reader; the event only when there was something unread. */
  async markRead(
    id: string,
    userId: string,
    at: Date,
    events: PendingEvent[],
  ): Promise<ConversationRecord | null> {
    const update = { $set: { [`${statePath(userId)}.unread`]: 0, [`${statePath(userId)}.lastReadAt`]: at } };
    await this.model.updateOne(
      { _id: new Types.ObjectId(id), participantIds: userId },
      withEvents(update, events),
    );
    if (events.length) this.relay.kick(this.model);
    return this.findFor(id, userId);
  }

  /** These conversations, in the order of the ids (one keyed read). */
  findByIds(ids: string[]): Promise<ConversationRecord[]> {
    return findInIdOrder<StoredConversation>(this.model, ids);
  }

  /**
   * Every conversation of the user with the time of its last message: only for rebuilding their
   * list (data/activity-lists.ts), never per request.
   */
  async activityOf(userId: string): Promise<{ id: string; at: number }[]> {
    const rows = await this.model
      .find({ participantIds: userId }, { lastMessageAt: 1 })
      .lean<Pick<StoredConversation, '_id' | 'lastMessageAt'>[]>();
    return rows.map((row) => ({ id: row._id.toHexString(), at: row.lastMessageAt?.getTime() ?? 0 }));
  }

  /** A page sorted by the store: while Redis cannot answer. */
  async pageFromStore(userId: string, page: number, limit: number) {
    const filter = { participantIds: userId };
    const [items, total] = await Promise.all([
      this.model
        .find(filter)
        .sort({ lastMessageAt: -1, _id: -1 })
        .skip((page - 1) * limit)
        .limit(limit)
        .lean<StoredConversation[]>(),
      this.model.countDocuments(filter),
    ]);
    return { items: items.map(keyed), total };
  }

  /**
   * New messages per conversation of the user, read from every conversation they take part in:
   * only for rebuilding their inbox, never per request (the badge reads the inbox).
   */
  async unreadByConversation(userId: string): Promise<Record<string, number>> {
    const rows = await this.model
      .find({ participantIds: userId }, { [`${statePath(userId)}.unread`]: 1 })
      .lean<Pick<StoredConversation, '_id' | 'state'>[]>();
    return Object.fromEntries(
      rows.map((row) => [row._id.toHexString(), row.state?.[stateKey(userId)]?.unread ?? 0]),
    );
  }

  /** A user's name and picture, refreshed wherever they take part. */
  async refreshUser(user: UserRef): Promise<void> {
    const rows = await this.model
      .find({ participantIds: user.id }, { participants: 1 })
      .lean<Pick<StoredConversation, '_id' | 'participants'>[]>();
    for (const row of rows) {
      const participants = row.participants.map((p) => (p.id === user.id ? user : p));
      await this.model.updateOne({ _id: row._id }, { $set: { participants } });
    }
  }

  /**
   * A deleted user becomes `anonymous` in every conversation they were in: the other side keeps
   * the conversation and its messages, without a name or an id that leads anywhere.
   */
  async anonymize(userId: string, anonymous: UserRef): Promise<void> {
    const rows = await this.model
      .find({ participantIds: userId })
      .lean<
        Pick<StoredConversation, '_id' | 'participants' | 'participantIds' | 'state' | 'lastMessage'>[]
      >();
    for (const row of rows) {
      const state = { ...row.state };
      delete state[stateKey(userId)];
      const lastMessage =
        row.lastMessage?.senderId === userId
          ? { ...row.lastMessage, senderId: anonymous.id }
          : row.lastMessage;
      await this.model.updateOne(
        { _id: row._id },
        {
          $set: {
            participants: row.participants.map((p) => (p.id === userId ? anonymous : p)),
            participantIds: row.participantIds.map((id) => (id === userId ? anonymous.id : id)),
            state,
            lastMessage,
            // Nobody can start a conversation with a deleted user; the pair key just has to stay unique.
            pairKey: `deleted:${row._id.toHexString()}`,
          },
        },
      );
    }
  }
}
