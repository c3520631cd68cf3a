import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiFailure, apiFetch } from './api-client';

// A real HTTP server answering the shapes the API client must handle.
let server: Server;
let base: string;
const seen: { method?: string; body: string; contentType?: string; idempotencyKey?: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({
        method: req.method,
        body,
        contentType: req.headers['content-type'],
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      });
      const send = (status: number, text = '', type = 'application/json') => {
        res.writeHead(status, text ? { 'content-type': type } : {});
        res.end(text);
      };
      if (req.url === '/ok') send(200, JSON.stringify({ hello: 'world' }));
      else if (req.url === '/empty') send(204);
      else if (req.url === '/refused')
        send(409, JSON.stringify({ error: 'Already exists', code: 'CONFLICT' }));
      else if (req.url === '/invalid')
        send(
          400,
          JSON.stringify({
            error: 'Invalid body',
            code: 'VALIDATION_FAILED',
            details: [{ path: 'body.name', message: 'name is required' }],
          }),
        );
      else if (req.url === '/bare') send(500);
      else send(502, '<html>bad gateway</html>', 'text/html');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('the API client (spec §7)', () => {
  it('reads JSON answers and sends JSON bodies', async () => {
    expect(await apiFetch('/ok', { method: 'POST', body: { a: 1 } }, base)).toEqual({ hello: 'world' });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', body: '{"a":1}', contentType: 'application/json' });
  });

  it('gives no content for 204', async () => {
    expect(await apiFetch('/empty', { method: 'DELETE' }, base)).toBeUndefined();
  });

  it("fails with the body's error, status, code and details", async () => {
    const failure = await apiFetch('/refused', {}, base).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect(failure).toMatchObject({ message: 'Already exists', status: 409, code: 'CONFLICT' });
    const invalid = (await apiFetch('/invalid', {}, base).catch((err: unknown) => err)) as ApiFailure;
    expect(invalid.details).toEqual([{ path: 'body.name', message: 'name is required' }]);
  });

  it('fails with "Something went wrong" when the body carries no error', async () => {
    for (const path of ['/bare', '/html']) {
      const failure = await apiFetch(path, {}, base).catch((err: unknown) => err);
      expect(failure).toMatchObject({ message: 'Something went wrong' });
    }
  });
});

describe('double submits', () => {
  it('sends the Idempotency-Key header only when a key is given', async () => {
    seen.length = 0;
    await apiFetch('/ok', { method: 'POST', body: { text: 'hi' }, idempotencyKey: 'draft-1234abcd' }, base);
    await apiFetch('/ok', { method: 'POST', body: { text: 'hi' } }, base);
    expect(seen.map((request) => request.idempotencyKey)).toEqual(['draft-1234abcd', undefined]);
  });
});
