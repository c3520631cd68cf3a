// The local entry in front of several gateways (`npm start -- --instances 2`, the soak): a TCP
// balancer, not Node's cluster module, so that each gateway stays a process of its own on its own
// port, as in a deployment, and can be killed and restarted alone. Connections, not requests, are
// spread: a browser's kept-alive connection and its WebSocket stay with one gateway, and the
// gateways share everything else through Redis.
import net, { type Server, type Socket } from 'node:net';
import { UpstreamPool } from '../../services/kit/src/http/upstream-pool';

export interface TcpBalancer {
  port: number;
  /** Connections handed to each target so far, by "host:port". */
  handed: Map<string, number>;
  close(): Promise<void>;
}

const CONNECT_TIMEOUT_MS = 2_000;

/** Listens on `port` (0: any free one) and hands each connection to the next target that accepts it. */
export async function startTcpBalancer(port: number, targets: readonly string[]): Promise<TcpBalancer> {
  const pool = new UpstreamPool(targets);
  const handed = new Map<string, number>();
  const clients = new Set<Socket>();

  const connect = (client: Socket, tried: Set<string>, target: string | undefined) => {
    if (target === undefined) {
      client.destroy();
      return;
    }
    tried.add(target);
    const [host, targetPort] = target.split(':');
    const upstream = net.connect({ host, port: Number(targetPort) });
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

  const server: Server = net.createServer({ pauseOnConnect: true }, (client) => {
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
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of clients) client.destroy();
        server.close(() => resolve());
      }),
  };
}
