// What an answer costs that does no work: the floor under the CPU-per-request goals. A process of
// its own serves a fixed answer twice, from Node's http alone and through kit's HTTP app (Express,
// the request mechanics every service runs, the token and session check, input validation), and the
// bench reads that process's CPU per request at the show pages' and messaging's rates. Whatever a
// show page or a message does costs this much before it does anything (docs/performance.md).
import { fork } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Redis } from 'ioredis';
import {
  authenticate,
  createHttpApp,
  createLogger,
  handleSignedIn,
  requireAuth,
  SessionRevocations,
  signSessionToken,
} from '../../services/kit/src';
import {
  idParamsSchema,
  positionParamsSchema,
  savePositionBodySchema,
  sendMessageBodySchema,
} from '../../proto/src';
import { concurrently, cpuSeconds, type Figure } from './bench-kit';
import { request } from './http-client';

const CHILD_FLAG = '--bench-floors';

/**
 * The floors other figures are ratios to (their `versus`): what one request costs kit's HTTP app
 * before it does any work. A public read, a signed-in read (the token and the session's version
 * checked) and a signed-in write (its body validated too).
 */
export const FLOORS = {
  get: 'public-GET floor',
  /** How many public GETs kit's app answers a second on one core: 1000 ÷ the public-GET floor in ms. */
  getRate: 'public GETs a core answers a second',
  signedInGet: 'signed-in-GET floor',
  signedInPost: 'signed-in-POST floor',
} as const;

interface FloorSetup {
  redisUrl: string;
  publicKey: string;
}

export interface FloorServers {
  plain: string;
  kit: string;
}

// About a show page's answer: ten episodes of a few hundred bytes each, and the show.
const BODY = JSON.stringify({
  id: '0123456789abcdef01234567',
  name: 'A show',
  description: 'd'.repeat(600),
  episodes: {
    items: Array.from({ length: 10 }, (_, n) => ({
      id: `0123456789abcdef0123456${n}`,
      title: `Episode ${n}`,
      description: 'e'.repeat(700),
      publishedAt: new Date(0).toISOString(),
    })),
    total: 10,
  },
});
const ETAG = '"floor"';

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

/** In the child: the same fixed answers from Node's http alone and from kit's HTTP app. */
async function serve(setup: FloorSetup): Promise<FloorServers> {
  const plain = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', etag: ETAG });
    res.end(BODY);
  });
  const router = express.Router();
  router.get('/api/floor/:name', (_req, res) => {
    res.setHeader('cache-control', 'public, max-age=0, s-maxage=1');
    res.setHeader('etag', ETAG);
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.send(BODY);
  });
  router.get(
    '/api/floor/signed-in/:id',
    requireAuth,
    handleSignedIn({ params: idParamsSchema }, ({ params, user }) =>
      Promise.resolve({ id: params.id, unread: 0, userId: user.id }),
    ),
  );
  router.post(
    '/api/floor/:id',
    requireAuth,
    handleSignedIn(
      { params: idParamsSchema, body: sendMessageBodySchema },
      ({ params, body, user }, _req, res) => {
        res.status(201);
        return Promise.resolve({ id: params.id, text: body.text, senderId: user.id });
      },
    ),
  );
  // A member's place answered at once, shaped as the listening service's save: the floor under the
  // positions figure's tail.
  router.put(
    '/api/listening/positions/:episodeId',
    requireAuth,
    handleSignedIn({ params: positionParamsSchema, body: savePositionBodySchema }, ({ params, body }) =>
      Promise.resolve({ episodeId: params.episodeId, position: body.position }),
    ),
  );
  const app = createHttpApp({
    name: 'floor',
    logger: createLogger('floor', 'warn'),
    bodyLimit: '100kb',
    before: [authenticate(setup.publicKey, new SessionRevocations(new Redis(setup.redisUrl)))],
    routes: [router],
    readiness: {},
  });
  return { plain: await listen(plain), kit: await listen(createServer(app)) };
}

/** CPU milliseconds the floors' process spends per request, after as many unmeasured first. */
async function perRequest(pid: number, rate: number, send: (n: number) => Promise<void>): Promise<number> {
  const pass = async (count: number) => {
    const start = performance.now();
    await concurrently(50, count, async (n) => {
      const wait = start + (n * 1000) / rate - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await send(n);
    });
  };
  // V8 is still optimizing these paths for the first thousand or so requests.
  await pass(1_000);
  const count = 1_500;
  const before = cpuSeconds(pid);
  await pass(count);
  return ((cpuSeconds(pid) - before) * 1000) / count;
}

/**
 * The same, with 20 requests kept in flight back to back: the process never waits for work. Beside
 * the paced figure it shows what waiting costs: on this kind of machine a request that arrives on
 * its own wakes a process whose caches others have since used (docs/performance.md).
 */
async function perRequestBackToBack(pid: number, send: (n: number) => Promise<void>): Promise<number> {
  const count = 4_000;
  await concurrently(20, count / 2, send);
  const before = cpuSeconds(pid);
  await concurrently(20, count, send);
  return ((cpuSeconds(pid) - before) * 1000) / count;
}

const expect = (status: number) => (answer: { status: number; text: string }) => {
  if (answer.status !== status)
    throw new Error(`floor: answered ${answer.status} ${answer.text.slice(0, 200)}`);
};

/** The floors' servers in a process of their own; `stop` ends it. */
export async function startFloorServers(
  redisUrl: string,
  publicKey: string,
): Promise<FloorServers & { pid: number; stop(): void }> {
  const child = fork(__filename, [CHILD_FLAG], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const servers = await new Promise<FloorServers>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the floors' process exited (${code})`)));
      child.once('message', (message) => resolve(message as FloorServers));
      child.send({ redisUrl, publicKey } satisfies FloorSetup);
    });
    return { ...servers, pid: child.pid ?? 0, stop: () => child.kill() };
  } catch (err) {
    child.kill();
    throw err;
  }
}

export async function floorsBench(
  redisUrl: string,
  keys: { privateKey: string; publicKey: string },
): Promise<Figure[]> {
  const floors = await startFloorServers(redisUrl, keys.publicKey);
  try {
    const userId = '0123456789abcdef01234567';
    const redis = new Redis(redisUrl);
    await new SessionRevocations(redis).recordVersion(userId, 0);
    redis.disconnect();
    const token = signSessionToken(
      { id: userId, username: 'floor', role: 'user', access: ['user'], sessionVersion: 0 },
      keys.privateKey,
      3600,
    );
    const pid = floors.pid;
    const get = (base: string) => (n: number) =>
      request(`${base}/api/floor/show-${n % 1000}`).then(expect(200));
    const plainGet = await perRequest(pid, 250, get(floors.plain));
    const plainBackToBack = await perRequestBackToBack(pid, get(floors.plain));
    const kitGet = await perRequest(pid, 250, get(floors.kit));
    const signedIn = { authorization: `Bearer ${token}` };
    const kitSignedInGet = await perRequest(pid, 250, () =>
      request(`${floors.kit}/api/floor/signed-in/${userId}`, { headers: signedIn }).then(expect(200)),
    );
    const kitPost = await perRequest(pid, 200, (n) =>
      request(`${floors.kit}/api/floor/${userId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ text: `message ${n}` }),
      }).then(expect(201)),
    );
    return [
      {
        name: 'floor: a fixed answer from Node’s http alone at 250/s, CPU per request',
        value: plainGet,
        unit: 'ms',
      },
      {
        name: 'floor: the same from Node’s http alone, 20 in flight back to back, CPU per request',
        value: plainBackToBack,
        unit: 'ms',
      },
      { name: 'floor: kit’s HTTP app at 250/s, CPU per request', value: kitGet, unit: 'ms', key: FLOORS.get },
      {
        name: 'floor: the same, answers one core gives a second',
        value: 1000 / kitGet,
        unit: '/s',
        key: FLOORS.getRate,
      },
      {
        name: 'floor: a signed-in GET answered at once through kit’s HTTP app at 250/s, CPU per request',
        value: kitSignedInGet,
        unit: 'ms',
        key: FLOORS.signedInGet,
      },
      {
        name: 'floor: a signed-in POST answered at once through kit’s HTTP app at 200/s, CPU per request',
        value: kitPost,
        unit: 'ms',
        key: FLOORS.signedInPost,
      },
    ];
  } finally {
    floors.stop();
  }
}

if (process.argv.includes(CHILD_FLAG) && process.send) {
  process.once('message', (setup: FloorSetup) => {
    serve(setup).then(
      (servers) => process.send!(servers),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
  process.on('disconnect', () => process.exit(0));
}
