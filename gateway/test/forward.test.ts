import {
  Agent,
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { forwardRequest, targetOf, type ForwardHooks } from '../src/forward';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

async function serve(handler: Handler): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A gateway of one route: every request forwarded to `upstream`, failures answered 502 by the test's hook. */
async function gatewayTo(upstream: string, timeoutMs = 5_000) {
  const errors: (Error & { code?: string })[] = [];
  const agent = new Agent({ keepAlive: true });
  const target = targetOf(upstream, agent, timeoutMs, ['x-user-id']);
  const gateway = await serve((req, res) => {
    const hooks: ForwardHooks = {
      onResponse: (answer) => delete answer.headers['surrogate-key'],
      onError: (err) => {
        errors.push(err);
        res.writeHead(502).end('upstream failed');
      },
    };
    forwardRequest(target, req, res, hooks);
  });
  return { ...gateway, errors, agent };
}

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

function ask(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const started: Server[] = [];
afterEach(async () => {
  for (const server of started.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
const track = <T extends { server: Server }>(running: T): T => {
  started.push(running.server);
  return running;
};

describe('forwarding one request to one instance', () => {
  it('sends the method, path, body and headers less the dropped ones, and says who asked', async () => {
    const seen: { method?: string; url?: string; headers?: IncomingMessage['headers']; body?: string } = {};
    const upstream = track(
      await serve((req, res) => {
        let body = '';
        req.setEncoding('utf8');
        req.on('data', (chunk: string) => (body += chunk));
        req.on('end', () => {
          Object.assign(seen, { method: req.method, url: req.url, headers: req.headers, body });
          res.writeHead(201, { 'content-type': 'text/plain', 'x-answer': 'yes' }).end('made');
        });
      }),
    );
    const gateway = track(await gatewayTo(upstream.url));
    const answer = await ask(`${gateway.url}/api/things?sort=new`, {
      method: 'POST',
      headers: {
        'x-user-id': 'someone-else',
        'x-forwarded-for': '203.0.113.9',
        'content-type': 'text/plain',
      },
      body: 'é'.repeat(30_000),
    });
    expect(answer).toMatchObject({ status: 201, body: 'made', headers: { 'x-answer': 'yes' } });
    expect(seen).toMatchObject({ method: 'POST', url: '/api/things?sort=new', body: 'é'.repeat(30_000) });
    expect(seen.headers?.['x-user-id']).toBeUndefined();
    expect(seen.headers?.['x-forwarded-for']).toBe('203.0.113.9,127.0.0.1');
    expect(seen.headers?.['x-forwarded-proto']).toBe('http');
    expect(seen.headers?.['x-forwarded-host']).toBe(new URL(gateway.url).host);
    gateway.agent.destroy();
  });

  it("keeps the instance's connection headers to itself and lets the hook take headers off the answer", async () => {
    const upstream = track(
      await serve((_req, res) => {
        res.writeHead(200, { 'keep-alive': 'timeout=17', 'surrogate-key': 'shows', etag: '"v1"' }).end('{}');
      }),
    );
    const gateway = track(await gatewayTo(upstream.url));
    const answer = await ask(`${gateway.url}/api/shows`);
    expect(answer.status).toBe(200);
    expect(answer.headers.etag).toBe('"v1"');
    // The client's own connection with the gateway says keep-alive; the instance's 17 s are not its.
    expect(answer.headers['keep-alive']).not.toBe('timeout=17');
    expect(answer.headers['surrogate-key']).toBeUndefined();
    gateway.agent.destroy();
  });

  it('reports an instance that does not answer in time as timed out, once', async () => {
    const upstream = track(await serve(() => undefined));
    const gateway = track(await gatewayTo(upstream.url, 200));
    const answer = await ask(`${gateway.url}/api/slow`);
    expect(answer.status).toBe(502);
    expect(gateway.errors.map((err) => err.code)).toEqual(['ETIMEDOUT']);
    gateway.agent.destroy();
  });

  it('reports a refused connection, so the caller can try another instance', async () => {
    const closed = await serve(() => undefined);
    await new Promise((resolve) => closed.server.close(resolve));
    const gateway = track(await gatewayTo(closed.url));
    expect((await ask(`${gateway.url}/api/any`)).status).toBe(502);
    expect(gateway.errors.map((err) => err.code)).toEqual(['ECONNREFUSED']);
    gateway.agent.destroy();
  });

  it("cancels the instance's request when the client goes away", async () => {
    let upstreamClosed: () => void = () => undefined;
    const closedUpstream = new Promise<void>((resolve) => (upstreamClosed = resolve));
    const upstream = track(await serve((req) => req.socket.once('close', upstreamClosed)));
    const gateway = track(await gatewayTo(upstream.url));
    const client = request(`${gateway.url}/api/long`);
    client.on('error', () => undefined);
    client.end();
    setTimeout(() => client.destroy(), 100);
    await closedUpstream;
    expect(gateway.errors).toEqual([]);
    gateway.agent.destroy();
  });

  it("cuts the client's answer off when the instance's is cut off, so it never reads as whole", async () => {
    const upstream = track(
      await serve((_req, res) => {
        res.writeHead(200, { 'content-length': '1000' });
        res.write('x'.repeat(100));
        setTimeout(() => res.socket?.destroy(), 50);
      }),
    );
    const gateway = track(await gatewayTo(upstream.url));
    await expect(ask(`${gateway.url}/api/big`)).rejects.toThrow(/aborted|socket hang up|ECONNRESET/);
    expect(gateway.errors).toEqual([]);
    gateway.agent.destroy();
  });
});
