import { Redis } from 'ioredis';
import { listenForPurges, purgeSurrogateKey, type SurrogatePurges } from '../src/cache/surrogate-purge';
import { createLogger } from '../src/logging/logger';
import { testInfra, uniqueName } from '../src/testing';
import { sleep } from './helpers';

const redis = new Redis(testInfra().redisUrl);
const name = uniqueName('purges').replace(/[^\w-]/g, '-');
const heard: (string | undefined)[] = [];
let purges: SurrogatePurges;

beforeAll(async () => {
  purges = await listenForPurges(redis, createLogger('test', 'silent'), (key) => heard.push(key), name);
});
afterAll(async () => {
  await purges.stop();
  await redis.quit();
});

async function until(condition: () => boolean, what: string): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > 5_000) throw new Error(`not within 5 s: ${what}`);
    await sleep(10);
  }
}

describe('surrogate purges', () => {
  it('hears a purge of a key on the channel, and tells which keys were purged since when', async () => {
    expect(purges.live).toBe(true);
    const key = uniqueName('catalog:responses');
    const other = uniqueName('catalog:responses');
    const before = purges.heard;
    await purgeSurrogateKey(redis, key);
    await until(() => heard.includes(key), 'the purge heard');
    expect(purges.purgedSince(key, before)).toBe(true);
    expect(purges.purgedSince(key, purges.heard)).toBe(false);
    expect(purges.purgedSince(other, before)).toBe(false);
  });

  it('counts every key as purged when its connection is lost, and listens again once back', async () => {
    const key = uniqueName('catalog:responses');
    const before = purges.heard;
    const clients = String(await redis.client('LIST'));
    const id = /id=(\d+) .*? name=(\S+)/.exec(
      clients.split('\n').find((line) => line.includes(` name=${name} `)) ?? '',
    )?.[1];
    expect(id).toBeDefined();
    await redis.client('KILL', 'ID', id!);
    await until(() => heard.includes(undefined), 'the loss reported');
    expect(purges.purgedSince(key, before)).toBe(true);
    await until(() => purges.live, 'subscribed again');
    const after = purges.heard;
    await purgeSurrogateKey(redis, key);
    await until(() => purges.purgedSince(key, after), 'a purge heard after the reconnect');
  });
});
