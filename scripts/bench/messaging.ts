// Messaging at a real size: N Socket.IO clients connected to the running messaging service (real
// store, broker and Redis adapter) as N signed-in members; M messages sent over HTTP between them by
// C concurrent senders. Measures send→push delivery latency and messages delivered per second.
import { io, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS, SOCKET_PATH, type Message } from '../../proto/src';
import { percentile, concurrently } from './bench-kit';

export interface Member {
  id: string;
  token: string;
}

export interface MessagingResult {
  connectSeconds: number;
  messagesPerSecond: number;
  p50: number;
  p99: number;
}

async function inBatches<T>(count: number, size: number, make: (index: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; start < count; start += size) {
    const batch = Array.from({ length: Math.min(size, count - start) }, (_, offset) => make(start + offset));
    out.push(...(await Promise.all(batch)));
  }
  return out;
}

export async function messagingBench(
  url: string,
  members: Member[],
  { messages, senders }: { messages: number; senders: number },
): Promise<MessagingResult> {
  const clients = members.length;
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let finish: () => void = () => undefined;
  const allDelivered = new Promise<void>((resolve) => (finish = resolve));
  const connectStarted = performance.now();
  const sockets = await inBatches(clients, 100, (index) => {
    const socket: Socket = io(url, {
      path: SOCKET_PATH,
      auth: { token: members[index]!.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    socket.on(SOCKET_EVENTS.messageNew, ({ message }: { message: Message }) => {
      // Each message reaches its sender's sockets too; count the recipient's arrival only.
      if (message.sender.id === members[index]!.id) return;
      const started = sentAt.get(message.text);
      if (started === undefined) return;
      latencies.push(performance.now() - started);
      if (latencies.length === messages) finish();
    });
    return new Promise<Socket>((resolve, reject) => {
      socket.once(SOCKET_EVENTS.messageCount, () => resolve(socket));
      socket.once('connect_error', reject);
    });
  });
  const connectSeconds = (performance.now() - connectStarted) / 1000;

  const post = (from: number, path: string, body: object) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${members[from]!.token}` },
      body: JSON.stringify(body),
    }).then(async (res) => {
      if (res.status !== 201) throw new Error(`send failed: ${res.status} ${await res.text()}`);
      return (await res.json()) as { conversation: { id: string } };
    });

  try {
    // Each client talks to the next one: conversations are made first, so the timed part is sending.
    const conversations = await inBatches(clients, 50, (index) =>
      post(index, '/api/conversations', {
        recipientId: members[(index + 1) % clients]!.id,
        text: 'hello',
      }).then((sent) => sent.conversation.id),
    );
    const started = performance.now();
    await concurrently(senders, messages, async (n) => {
      const from = n % clients;
      const text = `bench ${n}`;
      sentAt.set(text, performance.now());
      await post(from, `/api/conversations/${conversations[from]}`, { text });
    });
    await Promise.race([
      allDelivered,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`only ${latencies.length}/${messages} delivered`)), 60_000),
      ),
    ]);
    const seconds = (performance.now() - started) / 1000;
    return {
      connectSeconds,
      messagesPerSecond: messages / seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
    };
  } finally {
    for (const socket of sockets) socket.disconnect();
  }
}
