import express from 'express';
import request from 'supertest';
import type { Access } from '@podz/proto';
import { createHttpApp } from '../http/create-app';
import { createLogger } from '../logging/logger';
import { testKeys, testToken } from '../testing/test-keys';
import { authenticate } from './auth-middleware';
import { tableAccess } from './table-access';

/**
 * A service applies proto's route table itself, after authentication: the same 401s and 403s the
 * gateway gives, whatever the path's case, and nothing for paths the table gives another service.
 */
const router = express.Router();
const answer = (_req: express.Request, res: express.Response) => void res.json({ answered: true });
router.get('/api/docs', answer);
router.put('/api/content/pages/:slug', answer);
router.get('/api/content/pages/:slug', answer);
router.post('/api/conversations/admin', answer);
router.get('/internal/anything', answer);

const app = createHttpApp({
  name: 'content',
  logger: createLogger('content', 'silent'),
  readiness: {},
  routes: [router],
  bodyLimit: '1mb',
  before: [authenticate(testKeys().publicKey), tableAccess('content')],
});
const as = (...access: Access[]) => ({
  authorization: `Bearer ${testToken({ id: '64b7f0c2a1b2c3d4e5f60718', access })}`,
});

describe("a service's own check of the route table", () => {
  it('refuses the anonymous with 401 and the wrong access with 403, as the gateway does', async () => {
    const anonymous = await request(app).get('/api/docs').expect(401);
    expect(anonymous.body).toEqual({ error: 'You need to sign in', code: 'UNAUTHENTICATED' });
    const editor = await request(app).get('/api/docs').set(as('user', 'editor')).expect(403);
    expect(editor.body).toEqual({ error: 'You are not allowed to do this', code: 'FORBIDDEN' });
    await request(app).get('/api/docs').set(as('user', 'admin')).expect(200);
    await request(app).put('/api/content/pages/home').set(as('user', 'editor')).expect(200);
    await request(app).put('/api/content/pages/home').set(as('user', 'owner')).expect(403);
  });

  it('finds the rule whatever the case of the path, and for HEAD as for GET', async () => {
    await request(app).get('/API/Docs').set(as('user', 'editor')).expect(403);
    await request(app).get('/api/docs/').expect(401);
    await request(app).head('/api/docs').expect(401);
  });

  it('lets public routes, paths outside the table and other services’ routes through', async () => {
    await request(app).get('/api/content/pages/home').expect(200);
    await request(app).get('/internal/anything').expect(200);
    // Messaging's route in the table: not this service's to judge.
    await request(app).post('/api/conversations/admin').expect(200);
  });
});
