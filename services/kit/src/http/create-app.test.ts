import express from 'express';
import request from 'supertest';
import { z } from 'zod';
import { objectIdSchema } from '@podz/proto';
import { AppError } from '../errors/app-error';
import { createLogger } from '../logging/logger';
import { createHttpApp } from './create-app';
import { handle } from './validation';

function appWith(router: express.Router, bodyLimit = '1kb') {
  return createHttpApp({
    name: 'test',
    logger: createLogger('test', 'silent'),
    readiness: { always: async () => true, never: async () => Promise.reject(new Error('down')) },
    routes: [router],
    bodyLimit,
  });
}

const router = express.Router();
router.get(
  '/things/:id',
  handle({ params: z.object({ id: objectIdSchema }) }, ({ params }) => ({ id: params.id })),
);
router.post(
  '/things',
  handle({ body: z.object({ username: z.string().min(3) }).strict() }, ({ body }) => ({
    created: body.username,
  })),
);
router.delete(
  '/things/:id',
  handle({}, () => undefined),
);
router.get('/boom', () => {
  throw new Error('database password is hunter2');
});
router.get('/conflict', () => {
  throw new AppError('CONFLICT', 'That name is taken');
});
router.get('/store-away', () => {
  throw Object.assign(new Error('connection <monitor> to 127.0.0.1:27017 closed'), {
    name: 'MongoServerSelectionError',
  });
});
router.get('/cache-away', () => {
  throw new Error("Stream isn't writeable and enableOfflineQueue options is false");
});
router.get('/duplicate', () => {
  throw Object.assign(new Error('E11000 duplicate key error collection: secret.users'), { code: 11000 });
});

const app = appWith(router);

describe('the HTTP app every service is built from', () => {
  it('answers a valid request with JSON', async () => {
    const res = await request(app).get('/things/64b7f0c2a1b2c3d4e5f60718').expect(200);
    expect(res.body).toEqual({ id: '64b7f0c2a1b2c3d4e5f60718' });
  });

  it('answers 204 with no body when a handler returns nothing', async () => {
    const res = await request(app).delete('/things/64b7f0c2a1b2c3d4e5f60718').expect(204);
    expect(res.text).toBe('');
  });

  it('rejects a malformed id with 400 INVALID_ID', async () => {
    const res = await request(app).get('/things/not-an-id').expect(400);
    expect(res.body).toMatchObject({
      code: 'INVALID_ID',
      error: 'id must be a 24-character hexadecimal string',
    });
    expect(res.body.details).toEqual([{ path: 'params.id', message: expect.any(String) }]);
  });

  it('rejects an operator object where a string belongs, with 400', async () => {
    const res = await request(app)
      .post('/things')
      .send({ username: { $ne: null } })
      .expect(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'body.username' }] });
  });

  it('rejects unknown fields when the schema is strict', async () => {
    const res = await request(app).post('/things').send({ username: 'alice', role: 'admin' }).expect(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });

  it('rejects malformed JSON with 400 MALFORMED_JSON', async () => {
    const res = await request(app)
      .post('/things')
      .set('content-type', 'application/json')
      .send('{"username": ')
      .expect(400);
    expect(res.body).toEqual({ error: 'Request body is not valid JSON', code: 'MALFORMED_JSON' });
  });

  it('rejects an oversized body with 413', async () => {
    const res = await request(app)
      .post('/things')
      .send({ username: 'x'.repeat(5000) })
      .expect(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses malformed percent-encoding in the path or the query with 400, before any route', async () => {
    for (const path of ['/things/%zz', '/things/%C3%28', '/things/64b7f0c2a1b2c3d4e5f60718?x=%E0%A4%A']) {
      const res = await request(app).get(path).expect(400);
      expect(res.body).toEqual({
        error: 'The address has malformed percent-encoding',
        code: 'VALIDATION_FAILED',
      });
    }
    await request(app).get('/things/64b7f0c2a1b2c3d4e5f60718?x=%20ok').expect(200);
  });

  it('refuses a compressed body with 415, whether or not it really is compressed', async () => {
    for (const encoding of ['gzip', 'br', 'deflate', 'x-unknown']) {
      const res = await request(app)
        .post('/things')
        .set('content-type', 'application/json')
        .set('content-encoding', encoding)
        .send('{"username":"alice"}')
        .expect(415);
      expect(res.body).toEqual({
        error: `Request bodies must not be compressed (Content-Encoding: ${encoding})`,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    }
  });

  it('refuses a body that is not JSON on a JSON route with 415, instead of reading it as empty', async () => {
    const bodies: [string, string][] = [
      ['text/plain', 'username=alice'],
      ['application/xml', '<username>alice</username>'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="username"\r\n\r\nalice\r\n--x--',
      ],
      ['text/plain', ''],
    ];
    for (const [type, body] of bodies) {
      const res = await request(app).post('/things').set('content-type', type).send(body).expect(415);
      expect(res.body).toEqual({
        error: 'Send the body as JSON (Content-Type: application/json)',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    }
  });

  it('refuses a NUL, which the store cannot hold, in the address or anywhere in a JSON body', async () => {
    for (const path of ['/things/%00', '/things/64b7f0c2a1b2c3d4e5f60718?q=a%00b']) {
      const res = await request(app).get(path).expect(400);
      expect(res.body).toEqual({
        error: 'The address contains a NUL character (%00)',
        code: 'VALIDATION_FAILED',
      });
    }
    for (const body of [{ username: 'ali\u0000ce' }, { username: 'alice', deep: [{ 'k\u0000': 1 }] }]) {
      const res = await request(app).post('/things').send(body).expect(400);
      expect(res.body).toEqual({
        error: 'Text in the body cannot contain NUL characters',
        code: 'VALIDATION_FAILED',
      });
    }
  });

  it('refuses a body on a write that takes none, in any type, but lets an empty JSON object pass', async () => {
    await request(app).delete('/things/64b7f0c2a1b2c3d4e5f60718').expect(204);
    await request(app).delete('/things/64b7f0c2a1b2c3d4e5f60718').send({}).expect(204);
    for (const [type, body] of [
      ['application/json', '{"cascade":true}'],
      ['application/json', '[]'],
      ['text/plain', 'cascade'],
      ['application/octet-stream', 'x'],
    ]) {
      const res = await request(app)
        .delete('/things/64b7f0c2a1b2c3d4e5f60718')
        .set('content-type', type!)
        .send(body)
        .expect(400);
      expect(res.body).toEqual({ error: 'This call takes no body', code: 'VALIDATION_FAILED' });
    }
  });

  it('refuses JSON nested too deep or holding too many values with 400, under the size limit', async () => {
    const roomy = appWith(router, '1mb');
    const deep = '['.repeat(40_000) + ']'.repeat(40_000);
    const nested = await request(roomy)
      .post('/things')
      .set('content-type', 'application/json')
      .send(deep)
      .expect(400);
    expect(nested.body).toEqual({
      error: 'The body is nested deeper than 32 levels',
      code: 'VALIDATION_FAILED',
    });
    const many = JSON.stringify({ username: 'alice', list: Array.from({ length: 25_000 }, () => 0) });
    const wide = await request(roomy)
      .post('/things')
      .set('content-type', 'application/json')
      .send(many)
      .expect(400);
    expect(wide.body).toEqual({ error: 'The body holds more than 20000 values', code: 'VALIDATION_FAILED' });
    await request(roomy).post('/things').send({ username: 'alice' }).expect(200);
  });

  it('answers unknown routes with 404 in the API error shape', async () => {
    const res = await request(app).get('/nowhere').expect(404);
    expect(res.body).toEqual({ error: 'No route for GET /nowhere', code: 'NOT_FOUND' });
  });

  it('turns a thrown AppError into its status and message', async () => {
    const res = await request(app).get('/conflict').expect(409);
    expect(res.body).toEqual({ error: 'That name is taken', code: 'CONFLICT' });
  });

  it('turns a duplicate key into 409 without naming the collection', async () => {
    const res = await request(app).get('/duplicate').expect(409);
    expect(res.body).toEqual({ error: 'That already exists', code: 'CONFLICT' });
  });

  it('turns an unreachable store or cache into 503 NOT_READY with Retry-After, naming neither', async () => {
    for (const path of ['/store-away', '/cache-away']) {
      const res = await request(app).get(path).expect(503);
      expect(res.body).toEqual({
        error: 'PODZ cannot reach its store or cache right now; try again shortly',
        code: 'NOT_READY',
      });
      expect(res.headers['retry-after']).toBe('5');
    }
  });

  it('turns an unexpected error into a generic 500 that leaks nothing', async () => {
    const res = await request(app).get('/boom').set('x-request-id', 'req-123').expect(500);
    expect(res.body).toEqual({ error: 'Internal server error', code: 'INTERNAL', requestId: 'req-123' });
    expect(res.text).not.toContain('hunter2');
    expect(res.text).not.toContain('at ');
  });

  it('gives every response a request id, keeping a sane incoming one', async () => {
    const mine = await request(app).get('/healthz').set('x-request-id', 'abc-1');
    expect(mine.headers['x-request-id']).toBe('abc-1');
    const hostile = await request(app).get('/healthz').set('x-request-id', '<script>');
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports liveness, and readiness per dependency', async () => {
    await request(app).get('/healthz').expect(200, { status: 'ok', service: 'test' });
    const ready = await request(app).get('/readyz').expect(503);
    expect(ready.body.checks).toEqual({ always: 'up', never: 'down' });
  });

  it('counts as started only once no consumer group is still being joined', async () => {
    let joining = 2;
    const starting = createHttpApp({
      name: 'test',
      logger: createLogger('test', 'silent'),
      bodyLimit: '100kb',
      readiness: {},
      routes: [],
      joining: () => joining,
    });
    await request(starting).get('/startedz').expect(503, { status: 'starting', service: 'test', joining: 2 });
    joining = 0;
    await request(starting).get('/startedz').expect(200, { status: 'started', service: 'test' });
  });

  it('exposes Prometheus metrics labelled by route pattern, not raw URL', async () => {
    await request(app).get('/things/64b7f0c2a1b2c3d4e5f60718');
    const res = await request(app).get('/metrics').expect(200);
    expect(res.text).toContain(
      'http_requests_total{method="GET",route="/things/:id",status="200",service="test"}',
    );
    expect(res.text).not.toContain('64b7f0c2a1b2c3d4e5f60718');
  });

  it('sets security headers and hides the framework', async () => {
    const res = await request(app).get('/healthz');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
