// Messaging at a real size: N Socket.IO clients connected to the running messaging service (real
// store, broker and Redis adapter) as N signed-in members, and messages sent over HTTP between them
// by C senders, twice: as fast as the senders can (throughput), then at a steady offered rate, half
// of that unless given (send→push latency at that load). Latency at saturation would only measure the senders' own
// queue (C in flight ÷ throughput), so it is reported beside, without a goal.
import { io, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS, SOCKET_PATH, type Message } from '../../proto/src';
import { percentile, concurrently } from './bench-kit';
import { request } from './http-client';

export interface Member {
  id: string;
  token: string;
}

export interface MessagingResult {
  connectSeconds: number;
  /** Closed loop: every sender sends its next message when the last one was answered. */
  saturated: { messagesPerSecond: number; p50: number; p99: number };
  /** Open loop at `rate`: latency counted from when each message was due, so falling behind shows. */
  paced: {
    rate: number;
    messagesPerSecond: number;
    p50: number;
    p99: number;
    cpuMsPerMessage: number;
    /** Times messaging's main thread woke per message. */
    wakeupsPerMessage: number;
    /** The store's CPU per message, when `storeCpuSeconds` can read it. */
    storeCpuMsPerMessage?: number;
  };
}

async function inBatches<T>(count: number, size: number, make: (index: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; start < count; start += size) {
    const batch = Array.from({ length: Math.min(size, count - start) }, (_, offset) => make(start + offset));
    out.push(...(await Promise.all(batch)));
  }
  return out;
}

/** Messages counted by their recipient's push, per phase. */
class Deliveries {
  private readonly due = new Map<string, number>();
  private readonly latencies = new Map<string, number[]>();
  private readonly waiting = new Map<string, { count: number; resolve: () => void }>();

  expect(phase: string, count: number): Promise<void> {
    this.latencies.set(phase, []);
    return new Promise((resolve) => this.waiting.set(phase, { count, resolve }));
  }

  sending(text: string, at: number): void {
    this.due.set(text, at);
  }

  arrived(text: string): void {
    const at = this.due.get(text);
    if (at === undefined) return;
    this.due.delete(text);
    const phase = text.split(' ')[0]!;
    const latencies = this.latencies.get(phase)!;
    latencies.push(performance.now() - at);
    const waiting = this.waiting.get(phase);
    if (waiting && latencies.length === waiting.count) waiting.resolve();
  }

  of(phase: string): number[] {
    return this.latencies.get(phase) ?? [];
  }
}

const perMessage = (before: number | undefined, after: number | undefined, messages: number) =>
  before === undefined || after === undefined ? undefined : ((after - before) * 1000) / messages;

const within = (ms: number, what: () => string) =>
  new Promise<never>((_, reject) => setTimeout(() => reject(new Error(what())), ms).unref());

export async function messagingBench(
  url: string,
  members: Member[],
  {
    messages,
    senders,
    rate,
    cpuSeconds,
    wakeups,
    storeCpuSeconds = () => undefined,
    socketsUrl = url,
  }: {
    messages: number;
    senders: number;
    /** The paced pass's rate; half of what the saturated pass delivered when not given. */
    rate?: number;
    /** The messaging service's CPU seconds so far: the paced pass reports its cost per message. */
    cpuSeconds: () => number;
    /** How many times the messaging service's main thread has woken so far. */
    wakeups: () => number;
    /** The store's CPU seconds so far, if they can be read on this machine. */
    storeCpuSeconds?: () => number | undefined;
    /** Where the sockets connect, when not where messages are sent: another instance's. */
    socketsUrl?: string;
  },
): Promise<MessagingResult> {
  const clients = members.length;
  const deliveries = new Deliveries();
  const connectStarted = performance.now();
  const sockets = await inBatches(clients, 100, (index) => {
    const socket: Socket = io(socketsUrl, {
      path: SOCKET_PATH,
      auth: { token: members[index]!.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    socket.on(SOCKET_EVENTS.messageNew, ({ message }: { message: Message }) => {
      // Each message reaches its sender's sockets too; count the recipient's arrival only.
      if (message.sender.id !== members[index]!.id) deliveries.arrived(message.text);
    });
    return new Promise<Socket>((resolve, reject) => {
      socket.once(SOCKET_EVENTS.messageCount, () => resolve(socket));
      socket.once('connect_error', reject);
    });
  });
  const connectSeconds = (performance.now() - connectStarted) / 1000;

  const post = (from: number, path: string, body: object) =>
    request(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${members[from]!.token}` },
      body: JSON.stringify(body),
    }).then((res) => {
      if (res.status !== 201) throw new Error(`send failed: ${res.status} ${res.text}`);
      return JSON.parse(res.text) as { conversation: { id: string } };
    });

  try {
    // Each client talks to the next one: conversations are made first, so the timed part is sending.
    const conversations = await inBatches(clients, 50, (index) =>
      post(index, '/api/conversations', {
        recipientId: members[(index + 1) % clients]!.id,
        text: 'hello',
      }).then((sent) => sent.conversation.id),
    );
    const send = (phase: string, n: number, dueAt: number) => {
      const from = n % clients;
      const text = `${phase} ${n}`;
      deliveries.sending(text, dueAt);
      return post(from, `/api/conversations/${conversations[from]}`, { text });
    };
    const run = async (phase: string, sendAll: () => Promise<void>) => {
      const delivered = deliveries.expect(phase, messages);
      const started = performance.now();
      const cpuBefore = cpuSeconds();
      const wakeupsBefore = wakeups();
      const storeBefore = storeCpuSeconds();
      await sendAll();
      await Promise.race([
        delivered,
        within(60_000, () => `${phase}: only ${deliveries.of(phase).length}/${messages} delivered`),
      ]);
      const latencies = deliveries.of(phase);
      return {
        messagesPerSecond: messages / ((performance.now() - started) / 1000),
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        cpuMsPerMessage: ((cpuSeconds() - cpuBefore) * 1000) / messages,
        wakeupsPerMessage: (wakeups() - wakeupsBefore) / messages,
        storeCpuMsPerMessage: perMessage(storeBefore, storeCpuSeconds(), messages),
      };
    };

    const saturated = await run('saturated', () =>
      concurrently(senders, messages, (n) => send('saturated', n, performance.now()).then(() => undefined)),
    );
    const pacedRate = rate ?? Math.max(1, Math.round(saturated.messagesPerSecond / 2));
    // Message n is due at start + n / rate; a free sender sends it then, or late if all are busy.
    const paced = await run('paced', async () => {
      const start = performance.now();
      await concurrently(senders, messages, async (n) => {
        const dueAt = start + (n * 1000) / pacedRate;
        const wait = dueAt - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        await send('paced', n, dueAt);
      });
    });
    return { connectSeconds, saturated, paced: { rate: pacedRate, ...paced } };
  } finally {
    for (const socket of sockets) socket.disconnect();
  }
}
