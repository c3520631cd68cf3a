import { Agent, get } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import request from 'supertest';
import { Redis } from 'ioredis';
import { testInfra } from '@podz/kit/testing';
import { startProcess, stopProcess, waitForHealthy, type Managed } from '../../scripts/lib/processes';
import { Handoffs, startTcpBalancer, type TcpBalancer } from '../../scripts/lib/tcp-balancer';
import {
  echoGatewayEnv,
  startEchoGateway,
  startEchoUpstream,
  stopAll,
  type EchoUpstream,
} from './support/echo-upstream';
import type { RunningGateway } from '../src/gateway';

/**
 * `npm start -- --instances 2`'s one entry: a TCP balancer handing connections to two gateways in
 * turn, and to the one left when the other is gone.
 */
let echo: EchoUpstream;
let redis: Redis;
let gateways: RunningGateway[];
let entry: TcpBalancer;

beforeAll(async () => {
  redis = new Redis(testInfra().redisUrl);
  echo = await startEchoUpstream();
  gateways = await Promise.all([startEchoGateway(echo), startEchoGateway(echo)]);
  entry = await startTcpBalancer(
    0,
    gateways.map((gateway) => `127.0.0.1:${gateway.port}`),
  );
});

afterAll(async () => {
  await entry?.close();
  await gateways?.[1]?.stop();
  await stopAll(gateways?.[0], redis, echo);
});

const url = () => `http://127.0.0.1:${entry.port}`;

describe('the local entry in front of several gateways', () => {
  it('hands new connections to the gateways in turn', async () => {
    // supertest opens a connection per request.
    for (let n = 0; n < 4; n++) {
      const res = await request(url()).get('/api/podcasts/all-podcasts').expect(200);
      expect(res.body.echoed).toBe('/api/podcasts/all-podcasts');
    }
    expect([...entry.handed.values()]).toEqual([2, 2]);
  });

  it('hands every connection to the gateway left when the other stops', async () => {
    const [live, gone] = gateways as [RunningGateway, RunningGateway];
    await gone.stop();
    for (let n = 0; n < 4; n++) await request(url()).get('/api/podcasts/all-podcasts').expect(200);
    expect(entry.handed.get(`127.0.0.1:${live.port}`)).toBe(6);
    expect(entry.handed.get(`127.0.0.1:${gone.port}`)).toBe(2);
  });
});

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A GET on `agent`'s connection: status and body. */
function getOver(agent: Agent | false, url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

/**
 * The same entry in front of gateway processes it started with an IPC channel (as `npm start`, the
 * benches and the soak do): each connection is handed over, so no byte passes through the entry.
 * Runs the built gateway (gateway/dist/main.js), as they do.
 */
describe('the local entry in front of gateway processes it started', () => {
  let upstream: EchoUpstream;
  let gatewayProcesses: Managed[] = [];
  let addresses: string[] = [];
  let handing: TcpBalancer;

  beforeAll(async () => {
    upstream = await startEchoUpstream();
    const handoffs = new Handoffs();
    const ports = [await freePort(), await freePort()];
    addresses = ports.map((port) => `127.0.0.1:${port}`);
    const main = path.resolve(__dirname, '../dist/main.js');
    gatewayProcesses = ports.map((port, n) => {
      const env = {
        ...process.env,
        ...echoGatewayEnv(upstream, { PORT: String(port), SEARCH_URL: upstream.url }),
      };
      const started = startProcess(`gateway-${n + 1}`, main, env, n, { ipc: true });
      handoffs.watch(addresses[n]!, started.child);
      return started;
    });
    for (const port of ports) await waitForHealthy(`http://127.0.0.1:${port}/healthz`, 60_000);
    // Listening is not yet taking handed connections: each says so over the channel.
    const deadline = Date.now() + 10_000;
    while (addresses.some((address) => !handoffs.processFor(address)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    handing = await startTcpBalancer(0, addresses, handoffs);
  }, 90_000);

  afterAll(async () => {
    await handing?.close();
    await Promise.all(gatewayProcesses.map((gateway) => stopProcess(gateway)));
    await new Promise((resolve) => (upstream ? upstream.server.close(resolve) : resolve(undefined)));
  });

  const entryUrl = (path: string) => `http://127.0.0.1:${handing.port}${path}`;

  it('hands each connection to a gateway in turn and relays none of them itself', async () => {
    for (let n = 0; n < 4; n++) {
      const answer = await getOver(false, entryUrl('/api/podcasts/all-podcasts'));
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ echoed: '/api/podcasts/all-podcasts' });
    }
    expect(addresses.map((address) => handing.handed.get(address))).toEqual([2, 2]);

    // A kept-alive connection stays with its gateway, and the entry holds no part of it.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect((await getOver(agent, entryUrl('/api/episodes'))).status).toBe(200);
    expect(handing.relaying()).toBe(0);
    expect((await getOver(agent, entryUrl('/api/episodes'))).status).toBe(200);
    expect(addresses.reduce((sum, address) => sum + (handing.handed.get(address) ?? 0), 0)).toBe(5);
    agent.destroy();
  });

  it('hands nothing to a gateway that was killed: new connections go to the one left', async () => {
    const [live, killed] = addresses as [string, string];
    const before = handing.handed.get(live) ?? 0;
    const handedToKilled = handing.handed.get(killed);
    const victim = gatewayProcesses[1]!;
    victim.child.kill('SIGKILL');
    await victim.exited;
    for (let n = 0; n < 4; n++) expect((await getOver(false, entryUrl('/api/episodes'))).status).toBe(200);
    expect(handing.handed.get(live)).toBe(before + 4);
    expect(handing.relaying()).toBe(0);
    expect(handing.handed.get(killed)).toBe(handedToKilled);
  });
});
