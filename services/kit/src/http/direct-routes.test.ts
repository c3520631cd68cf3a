import { createServer, type Server } from 'node:http';
import express from 'express';
import { z } from 'zod';
import request from 'supertest';
import { authenticate } from '../auth/auth-middleware';
import { AppError } from '../errors/app-error';
import { createLogger } from '../logging/logger';
import { otherKeys, testKeys, testToken } from '../testing/test-keys';
import { createHttpApp, jsonBodies, requestMechanics } from './create-app';
import { directLane, DirectRoutes } from './direct-routes';
import type { DirectHandler } from './direct-request';
import { handleSignedIn, handleSignedInDirect } from './validation';

// Which way a request came: Express's request has `get`, Node's does not.
const echo: DirectHandler = (req, res) => {
  const body = JSON.stringify({
    lane: 'get' in req ? 'express' : 'direct',
    params: req.params,
    query: req.query,
    user: req.user?.id ?? null,
  });
  res.setHeader('content-type', 'application/json');
  res.setHeader('content-length', Buffer.byteLength(body));
  res.end(body);
};

/** A service's server as start-service builds it: the direct lane first, then Express. */
function serviceWith(build: (router: express.Router, direct: DirectRoutes) => void): Server {
  const logger = createLogger('test', 'silent');
  const router = express.Router();
  const direct = new DirectRoutes();
  build(router, direct);
  const mechanics = requestMechanics({ name: 'test', logger });
  const before = [authenticate(testKeys().publicKey)];
  const app = createHttpApp({
    name: 'test',
    logger,
    mechanics,
    before,
    readiness: {},
    routes: [router],
    bodyLimit: '1kb',
    direct,
  });
  const lane = directLane(
    direct,
    { mechanics: mechanics.handlers, bodies: jsonBodies('1kb'), before },
    logger,
  );
  return createServer((req, res) => lane(req, res) || app(req, res));
}

describe('DirectRoutes', () => {
  const server = serviceWith((router, direct) => {
    // Registered before the parameter route, so Express picks it for /api/things/special.
    router.get('/api/things/special', (_req, res) => {
      res.json({ lane: 'express-only' });
    });
    direct.get(router, '/api/things/:id', echo);
    direct.get(router, '/api/things/:id/fail', () => {
      throw new AppError('CONFLICT', 'That name is taken');
    });
    direct.get(router, '/api/rejects', () => Promise.reject(new AppError('NOT_FOUND', 'Thing not found')));
    direct.get(
      router,
      '/api/chain/:id',
      (_req, res, next) => {
        res.locals.first = 'ran';
        setTimeout(next, 1);
      },
      (req, res) => {
        res.end(`${String(res.locals.first)} ${String(req.params.id)}`);
      },
    );
    direct.get(router, '/api/nobody/:id', (_req, _res, next) => next());
    router.use('/api/late', (_req, res) => {
      res.status(418).end();
    });
    direct.get(router, '/api/late/:id', echo);
  });

  it('answers its routes ahead of Express, with the parameters and query Express would give', async () => {
    const res = await request(server).get('/api/things/a%20b?tag=x&tag=y&one=1').expect(200);
    expect(res.body).toEqual({
      lane: 'direct',
      params: { id: 'a b' },
      query: { tag: ['x', 'y'], one: '1' },
      user: null,
    });
  });

  it('leaves to Express a request that an earlier Express route takes', async () => {
    const res = await request(server).get('/api/things/special').expect(200);
    expect(res.body).toEqual({ lane: 'express-only' });
  });

  it('leaves other forms of the path to Express, which answers them with the same handler', async () => {
    for (const path of ['/api/things/x/', '/API/things/x']) {
      const res = await request(server).get(path).expect(200);
      expect(res.body).toMatchObject({ lane: 'express', params: { id: 'x' } });
    }
    // A bad escape: Express refuses it as it always has.
    await request(server).get('/api/things/%E0%A4%A').expect(400);
  });

  it('runs the mechanics every request runs: id, security headers, metrics', async () => {
    const res = await request(server).get('/api/things/counted').expect(200);
    expect(res.headers['x-request-id']).toBeDefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const metrics = await request(server).get('/metrics').expect(200);
    expect(metrics.text).toContain('route="/api/things/:id",status="200"');
  });

  it('authenticates as Express does: a caller signed in, a bad token refused in the API error shape', async () => {
    const signedIn = await request(server)
      .get('/api/things/mine')
      .set('authorization', `Bearer ${testToken({ id: 'u1' })}`)
      .expect(200);
    expect(signedIn.body).toMatchObject({ lane: 'direct', user: 'u1' });
    const forged = await request(server)
      .get('/api/things/mine')
      .set('authorization', `Bearer ${testToken({ id: 'u1' }, otherKeys())}`)
      .expect(401);
    expect(forged.body).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('answers thrown and rejected errors in the API error shape', async () => {
    const thrown = await request(server).get('/api/things/x/fail').expect(409);
    expect(thrown.body).toEqual({ error: 'That name is taken', code: 'CONFLICT' });
    const rejected = await request(server).get('/api/rejects').expect(404);
    expect(rejected.body).toEqual({ error: 'Thing not found', code: 'NOT_FOUND' });
  });

  it("runs a route's handlers in turn, each leaving things for the next in `locals`", async () => {
    const res = await request(server).get('/api/chain/7').expect(200);
    expect(res.text).toBe('ran 7');
  });

  it('answers 404 in the API error shape when every handler went on and none answered', async () => {
    const res = await request(server).get('/api/nobody/x').expect(404);
    expect(res.body).toEqual({ error: 'No route for GET /api/nobody/x', code: 'NOT_FOUND' });
  });

  it('answers HEAD without a body, and leaves other methods to Express', async () => {
    const head = await request(server).head('/api/things/x').expect(200);
    expect(head.text).toBeUndefined();
    await request(server).post('/api/things/x').expect(404);
  });

  it('never goes direct after a router middleware, which may answer first', async () => {
    await request(server).get('/api/late/x').expect(418);
  });

  it('refuses the same path twice', () => {
    const direct = new DirectRoutes();
    const router = express.Router();
    direct.get(router, '/a/:id', echo);
    expect(() => direct.get(router, '/a/:id', echo)).toThrow('registered twice');
  });
});

describe('DirectRoutes for writes', () => {
  const schemas = { params: z.object({ id: z.string() }), body: z.object({ text: z.string().max(20) }) };
  const saved = ({
    params,
    body,
    user,
  }: {
    params: { id: string };
    body: { text: string };
    user: { id: string };
  }) => Promise.resolve({ id: params.id, text: body.text, by: user.id });
  // Says which way the request came, in a header: the answer's body is the use case's alone.
  const lane: DirectHandler = (req, res, next) => {
    res.setHeader('x-lane', 'get' in req ? 'express' : 'direct');
    next();
  };
  const server = serviceWith((router, direct) => {
    router.put('/api/notes/special', lane as never, handleSignedIn(schemas, saved));
    direct.put(router, '/api/notes/:id', lane, handleSignedInDirect(schemas, saved));
    direct.post(router, '/api/notes/:id', lane, handleSignedInDirect(schemas, saved));
    // The same write through Express alone, to compare its answers with the direct lane's.
    router.put('/api/express-notes/:id', lane as never, handleSignedIn(schemas, saved));
    router.all('/api/anything/:id', (_req, res) => {
      res.status(202).end();
    });
    direct.put(router, '/api/anything/:id', lane, handleSignedInDirect(schemas, saved));
  });
  const token = `Bearer ${testToken({ id: 'u1' })}`;

  it('answers PUT and POST ahead of Express with the body read, the caller and the answer Express gives', async () => {
    for (const method of ['put', 'post'] as const) {
      const agent = request(server);
      const res = await agent[method]('/api/notes/n1').set('authorization', token).send({ text: 'hi' });
      expect(res.status).toBe(200);
      expect(res.headers['x-lane']).toBe('direct');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body).toEqual({ id: 'n1', text: 'hi', by: 'u1' });
    }
    const express = await request(server)
      .put('/api/express-notes/n1')
      .set('authorization', token)
      .send({ text: 'hi' });
    expect(express.headers['x-lane']).toBe('express');
    expect(express.body).toEqual({ id: 'n1', text: 'hi', by: 'u1' });
  });

  it('refuses what Express refuses, with the same status and body', async () => {
    const deep = JSON.stringify(Array.from({ length: 40 }).reduce<unknown>((inner) => ({ inner }), {}));
    const cases: { what: string; status: number; send: (r: request.Test) => request.Test }[] = [
      { what: 'no caller', status: 401, send: (r) => r.send({ text: 'hi' }) },
      {
        what: 'a bad token',
        status: 401,
        send: (r) =>
          r.set('authorization', `Bearer ${testToken({ id: 'u1' }, otherKeys())}`).send({ text: 'hi' }),
      },
      {
        what: 'malformed JSON',
        status: 400,
        send: (r) => r.set('authorization', token).set('content-type', 'application/json').send('{"text":'),
      },
      {
        what: 'a body over the limit',
        status: 413,
        send: (r) => r.set('authorization', token).send({ text: 'x'.repeat(2000) }),
      },
      {
        what: 'a body too deep',
        status: 400,
        send: (r) => r.set('authorization', token).set('content-type', 'application/json').send(deep),
      },
      {
        what: 'a body not JSON',
        status: 415,
        send: (r) => r.set('authorization', token).set('content-type', 'text/plain').send('hi'),
      },
      {
        what: 'a body the schema refuses',
        status: 400,
        send: (r) => r.set('authorization', token).send({ text: 'x'.repeat(30) }),
      },
    ];
    for (const { what, status, send } of cases) {
      const direct = await send(request(server).put('/api/notes/n1'));
      const viaExpress = await send(request(server).put('/api/express-notes/n1'));
      expect({ what, status: direct.status }).toEqual({ what, status });
      expect({ what, status: viaExpress.status }).toEqual({ what, status });
      expect({ what, body: direct.body }).toEqual({ what, body: viaExpress.body });
      expect(direct.body).toHaveProperty('code');
    }
  });

  it('leaves a write to Express when an earlier route of Express takes its method and path', async () => {
    const special = await request(server)
      .put('/api/notes/special')
      .set('authorization', token)
      .send({ text: 'hi' });
    expect(special.headers['x-lane']).toBe('express');
    await request(server).put('/api/anything/x').set('authorization', token).send({ text: 'hi' }).expect(202);
  });

  it('refuses the same method and path twice, and takes another method on the same path', () => {
    const direct = new DirectRoutes();
    const router = express.Router();
    direct.put(router, '/a/:id', echo);
    direct.post(router, '/a/:id', echo);
    expect(() => direct.put(router, '/a/:id', echo)).toThrow('registered twice');
  });
});
