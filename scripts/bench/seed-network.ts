// A network of a real size, written in bulk through each service's own data layer (its mongoose
// models), with the events each write would have produced, sent to the topics once each batch is
// stored; the services' consumers apply them. A service's write goes through its outbox (one more
// write to mark each event sent); the seed is a history to measure against, not the write path, so
// it sends straight away and the store takes half the writes.
import bcrypt from 'bcrypt';
import { Types, type Connection } from 'mongoose';
import {
  DEFAULT_PLAN,
  DEFAULT_PROFILE_PICTURE,
  episodeCreated,
  messageSent,
  podcastCreated,
  userRegistered,
  EPISODE_CATEGORIES,
} from '../../proto/src';
import {
  connectMongo,
  createKafka,
  EventProducer,
  pendingEvent,
  type Logger,
  type PendingEvent,
} from '../../services/kit/src';
import { userModel } from '../../services/identity/src/data/user-model';
import { catalogModels } from '../../services/catalog/src/data/catalog-models';
import { conversationModel, pairKeyOf } from '../../services/messaging/src/data/conversation-model';
import { messageModel } from '../../services/messaging/src/data/message-model';
import type { BenchStack } from './bench-stack';

export interface NetworkSize {
  users: number;
  shows: number;
  episodes: number;
  conversations: number;
  /** Episodes of the first show (the feed benchmark's); the rest are spread over the others. */
  bigShowEpisodes: number;
}

export const REAL_NETWORK: NetworkSize = {
  users: 10_000,
  shows: 1_000,
  episodes: 20_000,
  conversations: 2_000,
  bigShowEpisodes: 1_000,
};

export const BENCH_PASSWORD = 'bench-listener-2026';
const BATCH = 1_000;
const MESSAGES_PER_CONVERSATION = 3;

export interface SeededUser {
  id: string;
  username: string;
}

export interface SeededNetwork {
  users: SeededUser[];
  bigShow: { id: string; uId: string };
  shows: { id: string; uId: string }[];
  events: number;
  seconds: number;
  /** Lets go of the seed's connections: every event was sent before the seed returned. */
  published(): Promise<void>;
}

async function inBatches<T>(rows: T[], write: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) await write(rows.slice(start, start + BATCH));
}

type Send = (events: PendingEvent[]) => Promise<void>;

interface WithEvents<T> {
  doc: T;
  events: PendingEvent[];
}

const withEvents = <T>(doc: T, events: PendingEvent[]): WithEvents<T> => ({ doc, events });

/** A batch stored, then its events sent: a consumer never reads of a document not yet written. */
async function storeThenSend<T>(
  send: Send,
  insert: (docs: T[]) => Promise<unknown>,
  rows: WithEvents<T>[],
): Promise<void> {
  await insert(rows.map((row) => row.doc));
  await send(rows.flatMap((row) => row.events));
}

const ref = (user: SeededUser) => ({
  id: user.id,
  username: user.username,
  profilePicture: DEFAULT_PROFILE_PICTURE,
});

async function seedUsers(db: Connection, size: NetworkSize, run: string, send: Send): Promise<SeededUser[]> {
  // One hash for everyone: hashing 10,000 passwords at cost 10 would take minutes and measure nothing.
  const passwordHash = await bcrypt.hash(BENCH_PASSWORD, 10);
  const users = Array.from({ length: size.users }, (_, n) => ({
    id: new Types.ObjectId().toHexString(),
    username: `listener-${run}-${n}`,
  }));
  const role = (n: number) => (n < size.shows ? 'owner' : 'user');
  await inBatches(
    users.map((user, n) => ({ user, n })),
    (batch) =>
      storeThenSend(
        send,
        (docs) => userModel(db).insertMany(docs),
        batch.map(({ user, n }) =>
          withEvents(
            {
              _id: new Types.ObjectId(user.id),
              username: user.username,
              usernameKey: user.username.toLowerCase(),
              email: `${user.username}@bench.podz.local`,
              passwordHash,
              profilePicture: DEFAULT_PROFILE_PICTURE,
              role: role(n),
              access: [role(n)],
              plan: DEFAULT_PLAN,
            },
            [
              pendingEvent(userRegistered, user.id, {
                userId: user.id,
                username: user.username,
                profilePicture: DEFAULT_PROFILE_PICTURE,
                role: role(n),
                access: [role(n)],
                plan: DEFAULT_PLAN,
              }),
            ],
          ),
        ),
      ),
  );
  return users;
}

async function seedCatalog(db: Connection, size: NetworkSize, users: SeededUser[], run: string, send: Send) {
  const { podcasts, episodes } = catalogModels(db);
  const shows = Array.from({ length: size.shows }, (_, n) => {
    const owner = users[n]!;
    const name = `Bench ${run} show ${String(n).padStart(4, '0')}`;
    return {
      id: new Types.ObjectId().toHexString(),
      uId: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      name,
      owner,
      category: EPISODE_CATEGORIES[n % EPISODE_CATEGORIES.length]!,
    };
  });
  const logoPath = '/images/default-podcast.svg';
  await inBatches(shows, (batch) =>
    storeThenSend(
      send,
      (docs) => podcasts.insertMany(docs),
      batch.map((show, n) =>
        withEvents(
          {
            _id: new Types.ObjectId(show.id),
            uId: show.uId,
            name: show.name,
            nameKey: show.name.toLowerCase(),
            description: `A benchmark show about ${show.category.toLowerCase()}.`,
            logoPath,
            category: show.category,
            status: 'published',
            featured: n % 50 === 0,
            owner: ref(show.owner),
            ownerId: show.owner.id,
          },
          [
            pendingEvent(podcastCreated, show.id, {
              podcastId: show.id,
              uId: show.uId,
              name: show.name,
              ownerId: show.owner.id,
              category: show.category,
              status: 'published',
              logoPath,
            }),
          ],
        ),
      ),
    ),
  );
  // The first show gets the feed benchmark's thousand episodes; the others share the rest.
  const showOf = (n: number) =>
    n < size.bigShowEpisodes
      ? shows[0]!
      : shows[1 + ((n - size.bigShowEpisodes) % Math.max(1, size.shows - 1))]!;
  const started = Date.now() - size.episodes * 60_000;
  const rows = Array.from({ length: size.episodes }, (_, n) => ({ n, show: showOf(n) }));
  await inBatches(rows, (batch) =>
    storeThenSend(
      send,
      (docs) => episodes.insertMany(docs),
      batch.map(({ n, show }) => {
        const id = new Types.ObjectId().toHexString();
        const publishedAt = new Date(started + n * 60_000);
        const title = `Episode ${n} of ${show.name}`;
        return withEvents(
          {
            _id: new Types.ObjectId(id),
            podcast: show.id,
            title,
            description: '<p>Recorded for the benchmark: ten minutes on one idea.</p>',
            audio: {
              url: '/media/audio/bench.mp3',
              type: 'audio/mpeg',
              bytes: 9_600_000,
              durationSeconds: 600,
            },
            publishedAt,
            status: 'published',
            showPublished: true,
            categories: [show.category],
          },
          [
            pendingEvent(episodeCreated, id, {
              episodeId: id,
              podcastId: show.id,
              title,
              status: 'published',
              publishedAt: publishedAt.toISOString(),
            }),
          ],
        );
      }),
    ),
  );
  return shows.map(({ id, uId }) => ({ id, uId }));
}

async function seedConversations(db: Connection, size: NetworkSize, users: SeededUser[], send: Send) {
  const conversations = conversationModel(db);
  const messages = messageModel(db);
  const pairs = Array.from({ length: size.conversations }, (_, n) => [
    users[n % users.length]!,
    users[(n * 7 + 1) % users.length]!,
  ]);
  await inBatches(pairs, async (batch) => {
    const messageRows: object[] = [];
    const conversationRows = batch.map(([a, b]) => {
      const _id = new Types.ObjectId();
      const sent = Array.from({ length: MESSAGES_PER_CONVERSATION }, (_, m) => {
        const sender = m % 2 === 0 ? a! : b!;
        const message = {
          _id: new Types.ObjectId(),
          conversationId: _id,
          senderId: sender.id,
          text: `Message ${m} from ${sender.username}`,
          createdAt: new Date(Date.now() - (MESSAGES_PER_CONVERSATION - m) * 1000),
        };
        messageRows.push(message);
        return message;
      });
      const last = sent.at(-1)!;
      const recipient = last.senderId === a!.id ? b! : a!;
      return withEvents(
        {
          _id,
          participants: [ref(a!), ref(b!)],
          participantIds: [a!.id, b!.id],
          pairKey: pairKeyOf(a!.id, b!.id),
          state: {
            [`u${last.senderId}`]: { unread: 0, lastReadAt: last.createdAt },
            [`u${recipient.id}`]: { unread: 1, lastReadAt: null },
          },
          lastMessage: {
            id: last._id.toHexString(),
            senderId: last.senderId,
            text: last.text,
            createdAt: last.createdAt,
          },
          lastMessageAt: last.createdAt,
        },
        sent.map((message) =>
          pendingEvent(messageSent, _id.toHexString(), {
            conversationId: _id.toHexString(),
            messageId: message._id.toHexString(),
            senderId: message.senderId,
            recipientIds: [message.senderId === a!.id ? b!.id : a!.id],
            sentAt: message.createdAt.toISOString(),
          }),
        ),
      );
    });
    await conversations.insertMany(conversationRows.map((row) => row.doc));
    await messages.insertMany(messageRows);
    await send(conversationRows.flatMap((row) => row.events));
  });
}

/**
 * Writes the network into the stack's databases; returns once every document and event is stored,
 * its relay publishing them meanwhile.
 */
export async function seedNetwork(
  stack: BenchStack,
  infra: { mongoUrl: string; kafkaBrokers: string },
  size: NetworkSize,
  logger: Logger,
): Promise<SeededNetwork> {
  const started = performance.now();
  const connect = (database: string) => connectMongo({ url: infra.mongoUrl, database, logger });
  const [identity, catalog, messaging] = await Promise.all([
    connect(stack.databases.identity),
    connect(stack.databases.catalog),
    connect(stack.databases.messaging),
  ]);
  const producer = new EventProducer(
    createKafka('bench-seed', infra.kafkaBrokers.split(','), logger),
    stack.namespace,
  );
  await producer.connect();
  const send: Send = (events) => producer.publish(events);
  const close = async () => {
    await producer.disconnect();
    await Promise.all([identity.close(), catalog.close(), messaging.close()]);
  };
  try {
    const users = await seedUsers(identity, size, stack.run, send);
    const shows = await seedCatalog(catalog, size, users, stack.run, send);
    await seedConversations(messaging, size, users, send);
    const events = size.users + size.shows + size.episodes + size.conversations * MESSAGES_PER_CONVERSATION;
    return {
      users,
      bigShow: shows[0]!,
      shows,
      events,
      seconds: (performance.now() - started) / 1000,
      published: close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
