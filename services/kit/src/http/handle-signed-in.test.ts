import express from 'express';
import request from 'supertest';
import { createLogger } from '../logging/logger';
import { createHttpApp } from './create-app';
import { z } from 'zod';
import { handle, handleSignedIn } from './validation';

const router = express.Router();
// A route whose guard was forgotten: the handler must still never run without a caller.
router.get(
  '/api/who',
  handleSignedIn({}, ({ user }) => ({ id: user.id })),
);
router.get(
  '/api/as-someone',
  (req, _res, next) => {
    req.user = { id: 'u1', access: ['user'], sessionVersion: 0 } as never;
    next();
  },
  handleSignedIn({}, ({ user }) => ({ id: user.id })),
);
// A route that reads its own body: its query is still checked, its body reaches it unread.
router.put(
  '/api/own-body',
  express.text({ type: 'text/plain' }),
  handle({ query: z.object({ n: z.coerce.number() }), body: 'own' }, ({ query, body }, req) => ({
    n: query.n,
    parsed: body ?? null,
    text: req.body as string,
  })),
);
router.put(
  '/api/no-body',
  handle({}, () => ({ ok: true })),
);

const app = createHttpApp({
  name: 'test',
  logger: createLogger('test', 'silent'),
  readiness: {},
  routes: [router],
  bodyLimit: '1kb',
});

describe('handleSignedIn', () => {
  it('hands the handler the caller', async () => {
    expect((await request(app).get('/api/as-someone').expect(200)).body).toEqual({ id: 'u1' });
  });

  it('answers 401 in the API error shape when no one is signed in', async () => {
    const res = await request(app).get('/api/who').expect(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });
});

describe('a route that reads its own body', () => {
  it('gets it unread, with params and query still parsed', async () => {
    const res = await request(app)
      .put('/api/own-body?n=3')
      .set('content-type', 'text/plain')
      .send('WEBVTT')
      .expect(200);
    expect(res.body).toEqual({ n: 3, parsed: null, text: 'WEBVTT' });
    await request(app).put('/api/own-body?n=x').set('content-type', 'text/plain').send('x').expect(400);
  });

  it('while a route that takes no body still refuses one', async () => {
    const res = await request(app).put('/api/no-body').send({ surprise: true }).expect(400);
    expect(res.body.error).toBe('This call takes no body');
  });
});
