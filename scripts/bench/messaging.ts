// `npm run bench:messaging [-- --clients N --messages M --concurrency C]`: N Socket.IO clients
// connected to a real messaging service (real store, broker, Redis adapter); M messages sent over
// HTTP between them. Prints send→push delivery latency percentiles and messages per second.
import { concurrently, latencyLine, option, runBench } from './bench-kit';
import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS, SOCKET_PATH, type Message } from '../../proto/src';
import { createLogger, loadConfig, SessionRevocations, UserDirectory } from '../../services/kit/src';
import { testKeys, testToken } from '../../services/kit/src/testing';
import { messagingConfigSchema } from '../../services/messaging/src/config';
import { startMessaging } from '../../services/messaging/src/messaging-service';
import { resolveInfra } from '../../deploy/local/src/resolve-infra';

async function inBatches<T>(count: number, size: number, make: (index: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; start < count; start += size) {
    const batch = Array.from({ length: Math.min(size, count - start) }, (_, offset) => make(start + offset));
    out.push(...(await Promise.all(batch)));
  }
  return out;
}

async function main() {
  const clients = option('clients', 1000);
  const total = option('messages', 1000);
  const concurrency = option('concurrency', 50);
  const infra = await resolveInfra(process.env, () => undefined);
  const run = randomUUID().slice(0, 8);
  const database = `bench_messaging_${run}`;
  const service = await startMessaging(
    loadConfig(messagingConfigSchema, {
      PORT: '0',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error',
      ...infra.endpoints,
      MONGO_DB: database,
      KAFKA_NAMESPACE: `bench_${run}.`,
      JWT_PUBLIC_KEY: testKeys().publicKey,
      MESSAGE_RATE_PER_MINUTE: String(total * 10),
      SOCKET_REDIS_PREFIX: `podz:socket.io:bench:${run}`,
    }),
  );
  const logger = createLogger('bench', 'info');
  const directory = new UserDirectory(service.context.db);
  const revocations = new SessionRevocations(service.context.redis);

  // Users as identity would have announced them, each with a live session.
  const users = await inBatches(clients, 100, async (index) => {
    const id = new Types.ObjectId().toHexString();
    const username = `bench${index}`;
    await directory.upsert({ id, username, profilePicture: '/images/default-profile.svg' }, ['user']);
    await revocations.recordVersion(id, 0);
    return { id, token: testToken({ id, username, sessionVersion: 0 }, testKeys(), 3600) };
  });

  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let finish: () => void = () => undefined;
  const allDelivered = new Promise<void>((resolve) => (finish = resolve));
  const connectStarted = performance.now();
  const sockets = await inBatches(clients, 100, (index) => {
    const socket: Socket = io(service.url, {
      path: SOCKET_PATH,
      auth: { token: users[index]!.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    socket.on(SOCKET_EVENTS.messageNew, ({ message }: { message: Message }) => {
      // Each message reaches its sender's sockets too; count the recipient's arrival only.
      if (message.sender.id === users[index]!.id) return;
      const started = sentAt.get(message.text);
      if (started === undefined) return;
      latencies.push(performance.now() - started);
      if (latencies.length === total) finish();
    });
    return new Promise<Socket>((resolve, reject) => {
      socket.once(SOCKET_EVENTS.messageCount, () => resolve(socket));
      socket.once('connect_error', reject);
    });
  });
  const connectSeconds = (performance.now() - connectStarted) / 1000;

  const post = (from: number, path: string, body: object) =>
    fetch(`${service.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${users[from]!.token}` },
      body: JSON.stringify(body),
    }).then(async (res) => {
      if (res.status !== 201) throw new Error(`send failed: ${res.status} ${await res.text()}`);
      return (await res.json()) as { conversation: { id: string } };
    });

  // Each client talks to the next one: conversations are made first, so the timed part is sending.
  const conversations = await inBatches(clients, 50, (index) =>
    post(index, '/api/conversations', { recipientId: users[(index + 1) % clients]!.id, text: 'hello' }).then(
      (sent) => sent.conversation.id,
    ),
  );

  const started = performance.now();
  await concurrently(concurrency, total, async (n) => {
    const from = n % clients;
    const text = `bench ${n}`;
    sentAt.set(text, performance.now());
    await post(from, `/api/conversations/${conversations[from]}`, { text });
  });
  const sentSeconds = (performance.now() - started) / 1000;
  await Promise.race([
    allDelivered,
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error(`only ${latencies.length}/${total} delivered`)), 60_000),
    ),
  ]);
  const seconds = (performance.now() - started) / 1000;

  console.log(
    `messaging: ${clients} Socket.IO clients, ${total} messages, ${concurrency} concurrent senders`,
  );
  console.log(`  connect     ${clients} sockets in ${connectSeconds.toFixed(2)} s`);
  console.log(
    `  throughput  ${(total / seconds).toFixed(0)} messages/s delivered (${seconds.toFixed(2)} s; sending took ${sentSeconds.toFixed(2)} s)`,
  );
  console.log(latencyLine('send→push latency', latencies));

  for (const socket of sockets) socket.disconnect();
  await service.context.db.dropDatabase().catch((err: unknown) => logger.warn({ err }, 'drop failed'));
  await service.stop();
  await infra.stop();
}

runBench(main);
