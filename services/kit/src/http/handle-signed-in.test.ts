import express from 'express';
import request from 'supertest';
import { createLogger } from '../logging/logger';
import { createHttpApp } from './create-app';
import { handleSignedIn } from './validation';

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
