// The local entry in front of several gateways (`npm start -- --instances 2`, the soak): a TCP
// balancer, not Node's cluster module, so that each gateway stays a process of its own on its own
// port, as in a deployment, and can be killed and restarted alone. Connections, not requests, are
// spread: a browser's kept-alive connection and its WebSocket stay with one gateway, and the
// gateways share everything else through Redis. A gateway this process started with an IPC channel
// is handed the connection itself (gateway/src/handed-connections.ts), so no byte passes through
// here; any other is connected to and piped.
import type { ChildProcess } from 'node:child_process';
import net, { type Server, type Socket } from 'node:net';
import { UpstreamPool } from '../../services/kit/src/http/upstream-pool';
import { HANDOFF } from '../../gateway/src/handed-connections';

export interface TcpBalancer {
  port: number;
  /** Connections handed to each target so far, by "host:port". */
  handed: Map<string, number>;
  /** Connections this process relays now, byte by byte: none of those handed over to a gateway. */
  relaying(): number;
  close(): Promise<void>;
}

const CONNECT_TIMEOUT_MS = 2_000;

/** The gateways, by "host:port", that said they take handed connections, until they close or exit. */
export class Handoffs {
  private readonly accepting = new Map<string, ChildProcess>();

  /** Follows `child`, the gateway that listens at `target`, from its start. */
  watch(target: string, child: ChildProcess): void {
    child.on('message', (message) => {
      if (message === HANDOFF.accepting) this.accepting.set(target, child);
      else if (message === HANDOFF.closing) this.forget(target, child);
    });
    child.once('exit', () => this.forget(target, child));
  }

  /** The process to hand a connection for `target` to, if it takes them now. */
  processFor(target: string): ChildProcess | undefined {
    const child = this.accepting.get(target);
    return child?.connected ? child : undefined;
  }

  private forget(target: string, child: ChildProcess): void {
    if (this.accepting.get(target) === child) this.accepting.delete(target);
  }
}

/** Listens on `port` (0: any free one) and hands each connection to the next target that accepts it. */
export async function startTcpBalancer(
  port: number,
  targets: readonly string[],
  handoffs?: Handoffs,
): Promise<TcpBalancer> {
  const pool = new UpstreamPool(targets);
  const handed = new Map<string, number>();
  const clients = new Set<Socket>();

  const connect = (client: Socket, tried: Set<string>, target: string | undefined) => {
    if (target === undefined) {
      client.destroy();
      return;
    }
    tried.add(target);
    const gateway = handoffs?.processFor(target);
    if (gateway) {
      // Sent, the socket is the gateway's: Node closes this process's copy without a 'close' event.
      // A gateway gone between the check and the send takes the connection with it, as a killed
      // gateway takes those it holds.
      clients.delete(client);
      gateway.send(HANDOFF.connection, client, (err: Error | null) => {
        if (err) client.destroy();
        else handed.set(target, (handed.get(target) ?? 0) + 1);
      });
      return;
    }
    const [host, targetPort] = target.split(':');
    const upstream = net.connect({ host, port: Number(targetPort), noDelay: true });
    upstream.setTimeout(CONNECT_TIMEOUT_MS);
    const failed = () => {
      upstream.destroy();
      pool.failed(target);
      connect(client, tried, pool.another(tried));
    };
    upstream.once('timeout', failed);
    upstream.once('error', failed);
    upstream.once('connect', () => {
      upstream.setTimeout(0);
      upstream.removeListener('timeout', failed);
      upstream.removeListener('error', failed);
      handed.set(target, (handed.get(target) ?? 0) + 1);
      // Either side gone, the other goes too: a gateway killed mid-answer cuts its clients off.
      upstream.on('error', () => client.destroy());
      upstream.once('close', () => client.destroy());
      client.once('close', () => upstream.destroy());
      client.pipe(upstream).pipe(client);
      client.resume();
    });
  };

  // No Nagle on either side of a relayed connection, as Node's HTTP server and client have none.
  const server: Server = net.createServer({ pauseOnConnect: true, noDelay: true }, (client) => {
    clients.add(client);
    client.once('close', () => clients.delete(client));
    client.on('error', () => client.destroy());
    connect(client, new Set(), pool.pick());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '0.0.0.0', resolve);
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    handed,
    relaying: () => clients.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of clients) client.destroy();
        server.close(() => resolve());
      }),
  };
}
