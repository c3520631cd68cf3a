import { randomBytes } from 'node:crypto';
import http, { createServer, type Server } from 'node:http';
import request from 'supertest';
import { Redis } from 'ioredis';
import { listen, purgeSurrogateKey, SessionRevocations } from '@podz/kit';
import { testInfra, testToken } from '@podz/kit/testing';
import { startEchoGateway, stopAll, type EchoUpstream } from './support/echo-upstream';
import type { RunningGateway } from '../src/gateway';

// A stand-in catalog that counts what reaches it: public lists marked shareable for a second,
// anything else private.
let hits: string[] = [];
let version = 1;
let inFlight = 0;
let mostInFlight = 0;
let upstream: EchoUpstream;
let redis: Redis;
let gateway: RunningGateway;

async function startCountingUpstream(): Promise<EchoUpstream> {
  const server: Server = createServer((req, res) => {
    hits.push(req.url!);
    const shareable = req.url!.startsWith('/api/episodes') && !req.headers.authorization;
    const answer = () => {
      if (req.headers['if-none-match'] === `"v${version}"`) {
        res.writeHead(304, { etag: `"v${version}"` });
        res.end();
        return;
      }
      // `surrogate=KEY`: tagged as catalog tags its answers, which it purges on every change.
      const surrogateKey = new URL(req.url!, 'http://upstream').searchParams.get('surrogate');
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        etag: `"v${version}"`,
        'cache-control': shareable ? 'public, max-age=0, s-maxage=1' : 'private, no-cache',
        ...(surrogateKey ? { 'surrogate-key': surrogateKey, 'surrogate-control': 'max-age=5' } : {}),
      });
      // `big` answers take many writes (a feed of a thousand episodes): a gone client stops them.
      const padding = req.url!.includes('big=') ? 'x'.repeat(600_000) : '';
      res.end(JSON.stringify({ url: req.url, version, padding }));
    };
    // `slow` holds the answer back long enough for other callers to arrive while it is on its way.
    if (!req.url!.includes('slow=')) return answer();
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    setTimeout(() => {
      inFlight -= 1;
      answer();
    }, 300);
  });
  const port = await listen(server, 0);
  return { seen: [], server, url: `http://127.0.0.1:${port}` };
}

beforeAll(async () => {
  redis = new Redis(testInfra().redisUrl);
  upstream = await startCountingUpstream();
  gateway = await startEchoGateway(upstream);
});
afterAll(() => stopAll(gateway, redis, upstream));
beforeEach(() => {
  hits = [];
  version += 1;
  mostInFlight = 0;
});

const latest = `/api/episodes?page=1&limit=10&run=${randomBytes(4).toString('hex')}`;

describe('the edge cache', () => {
  it('answers a shareable public read from memory for a second, then asks the service again', async () => {
    const first = await request(gateway.url).get(latest).expect(200);
    const second = await request(gateway.url).get(latest).expect(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.headers['x-request-id']).toBeDefined();
    expect(hits).toEqual([latest]);

    await request(gateway.url).get(latest).set('if-none-match', first.headers.etag!).expect(304);
    // fetch() revalidating: its no-cache beside the validator does not turn the 304 into a 200.
    await request(gateway.url)
      .get(latest)
      .set('if-none-match', first.headers.etag!)
      .set('cache-control', 'no-cache')
      .expect(304);
    expect(hits).toHaveLength(1);

    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const later = await request(gateway.url).get(latest).expect(200);
    expect(later.body.version).toBe(version);
    expect(hits).toHaveLength(2);
  });

  it('renews an expired answer whole for apps that only revalidate, then answers their 304s itself', async () => {
    const path = `/api/episodes?page=1&limit=10&revalidated=${randomBytes(4).toString('hex')}`;
    const { etag } = (await request(gateway.url).get(path).expect(200)).headers;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    // The one renewal asks for the whole answer, whose 200 its caller gets; the rest are the edge's.
    const renewal = await request(gateway.url).get(path).set('if-none-match', etag!).expect(200);
    expect(renewal.headers.etag).toBe(etag);
    for (let n = 0; n < 3; n++) {
      await request(gateway.url).get(path).set('if-none-match', etag!).expect(304);
    }
    expect(hits).toEqual([path, path]);
  });

  it('sends callers arriving while an expired answer is renewed one request between them, not one each', async () => {
    const path = `/api/episodes?slow=1&run=${randomBytes(4).toString('hex')}`;
    await request(gateway.url).get(path).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => request(gateway.url).get(path).expect(200)),
    );
    expect(hits).toEqual([path, path]);
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    expect(
      answers.every((answer) => answer.headers['content-type'] === 'application/json; charset=utf-8'),
    ).toBe(true);
  });

  it('keeps answering after every caller waiting on a renewal went away before it came', async () => {
    const path = `/api/episodes?slow=1&big=1&run=${randomBytes(4).toString('hex')}`;
    await request(gateway.url).get(path).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    // A leader and two waiters, all gone before the service answers (as a load test's clients are
    // at its end): none of them may be left leading a renewal nobody will finish.
    const gone = Array.from({ length: 3 }, () => {
      const req = http.get(`${gateway.url}${path}`);
      req.on('error', () => undefined);
      return req;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    gone.forEach((req) => req.destroy());
    await new Promise((resolve) => setTimeout(resolve, 500));
    const later = await request(gateway.url).get(path).timeout(3_000).expect(200);
    expect(later.body.url).toBe(path);
  });

  it('holds no caller back behind another when the answer is not one to keep', async () => {
    const path = `/api/users/${randomBytes(12).toString('hex')}?slow=1`;
    await Promise.all(Array.from({ length: 3 }, () => request(gateway.url).get(path).expect(200)));
    expect(hits).toEqual([path, path, path]);
    // None waited for another's answer: the three were at the service together.
    expect(mostInFlight).toBe(3);
  });

  it('always sends signed-in callers to the service, and keeps nothing the service marks private', async () => {
    const id = randomBytes(12).toString('hex');
    await new SessionRevocations(redis).recordVersion(id, 0);
    const session = `Bearer ${testToken({ id, access: ['user'] })}`;
    const path = `/api/episodes?page=2&limit=10&run=${randomBytes(4).toString('hex')}`;
    await request(gateway.url).get(path).set('authorization', session).expect(200);
    await request(gateway.url).get(path).set('authorization', session).expect(200);
    const users = `/api/users/${id}`;
    await request(gateway.url).get(users).expect(200);
    await request(gateway.url).get(users).expect(200);
    expect(hits).toEqual([path, path, users, users]);
  });

  it('lets a change reach every gateway within a second, each keeping its own copy until then', async () => {
    const another = await startEchoGateway(upstream);
    try {
      const path = `/api/episodes?page=3&limit=10&run=${randomBytes(4).toString('hex')}`;
      const before = version;
      for (const url of [gateway.url, another.url]) {
        expect((await request(url).get(path).expect(200)).body.version).toBe(before);
      }
      expect(hits).toEqual([path, path]);
      version += 1;
      for (const url of [gateway.url, another.url]) {
        expect((await request(url).get(path).expect(200)).body.version).toBe(before);
      }
      expect(hits).toHaveLength(2);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      for (const url of [gateway.url, another.url]) {
        expect((await request(url).get(path).expect(200)).body.version).toBe(before + 1);
      }
    } finally {
      await another.stop();
    }
  });

  describe('with answers the service purges (Surrogate-Key)', () => {
    const tagged = () => {
      const key = `catalog:test-${randomBytes(4).toString('hex')}:responses`;
      return { key, path: `/api/episodes?page=4&limit=10&surrogate=${encodeURIComponent(key)}` };
    };
    /** Reads until the gateway answers with the version now, as a visitor refreshing would. */
    const untilCurrent = async (url: string, path: string) => {
      const started = Date.now();
      while ((await request(url).get(path).expect(200)).body.version !== version) {
        if (Date.now() - started > 3_000) throw new Error(`${url} kept an old answer for 3 s`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return Date.now() - started;
    };

    it('holds the answer past a second, and never shows the client the edge-only headers', async () => {
      const { path } = tagged();
      const first = await request(gateway.url).get(path).expect(200);
      expect(first.headers['surrogate-key']).toBeUndefined();
      expect(first.headers['surrogate-control']).toBeUndefined();
      expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=1');
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const later = await request(gateway.url).get(path).expect(200);
      expect(later.body).toEqual(first.body);
      expect(Number(later.headers.age)).toBeGreaterThanOrEqual(1);
      expect(hits).toEqual([path]);
    });

    it('drops it on every gateway as soon as the service purges its key, and no other key', async () => {
      const another = await startEchoGateway(upstream);
      try {
        const changed = tagged();
        const unchanged = tagged();
        for (const url of [gateway.url, another.url]) {
          await request(url).get(changed.path).expect(200);
          await request(url).get(unchanged.path).expect(200);
        }
        expect(hits).toHaveLength(4);
        version += 1;
        await purgeSurrogateKey(redis, changed.key);
        for (const url of [gateway.url, another.url]) {
          expect(await untilCurrent(url, changed.path)).toBeLessThan(1_000);
        }
        await new Promise((resolve) => setTimeout(resolve, 1_100));
        for (const url of [gateway.url, another.url]) {
          // Held still, past its s-maxage: its key was not purged.
          expect((await request(url).get(unchanged.path).expect(200)).body.version).toBe(version - 1);
        }
      } finally {
        await another.stop();
      }
    });

    it('holds an answer for a second only when a purge came while it was on its way', async () => {
      const { key, path } = tagged();
      const slow = `${path}&slow=1`;
      // then(): supertest sends a request only once something waits for it.
      const answer = request(gateway.url)
        .get(slow)
        .expect(200)
        .then((res) => res);
      // The service is rendering the old version; the change and its purge land meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 100));
      await purgeSurrogateKey(redis, key);
      const old = await answer;
      version += 1;
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const renewed = await request(gateway.url).get(slow).expect(200);
      expect(renewed.body.version).toBe(version);
      expect(old.body.version).toBe(version - 1);
      expect(hits).toEqual([slow, slow]);
    });
  });
});
