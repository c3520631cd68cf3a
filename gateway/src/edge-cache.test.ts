import { EdgeCache, heldSeconds, sharedSeconds } from './edge-cache';

describe('edge cache', () => {
  it('keeps only what shared caches may keep, five seconds at most unless the bytes never change', () => {
    expect(sharedSeconds('public, max-age=0, s-maxage=1')).toBe(1);
    expect(sharedSeconds('public, s-maxage=600')).toBe(5);
    expect(sharedSeconds('public, max-age=31536000, immutable, s-maxage=31536000')).toBe(600);
    expect(sharedSeconds('public, immutable, s-maxage=30')).toBe(30);
    expect(sharedSeconds('public, max-age=31536000, immutable')).toBe(0);
    expect(sharedSeconds('private, immutable, s-maxage=600')).toBe(0);
    expect(sharedSeconds('public, max-age=300')).toBe(0);
    expect(sharedSeconds('private, no-cache')).toBe(0);
    expect(sharedSeconds('no-store, s-maxage=1')).toBe(0);
    expect(sharedSeconds(undefined)).toBe(0);
  });

  it('forgets an answer when it expires, and the least recently used first when full', () => {
    let now = 1_000;
    const cache = new EdgeCache(2, 1024, () => now);
    const body = (text: string) => Buffer.from(text);
    cache.set('/a', {}, body('a'), 1);
    cache.set('/b', {}, body('b'), 1);
    expect(cache.get('/a')?.body.toString()).toBe('a');
    cache.set('/c', {}, body('c'), 1);
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/a')).toBeDefined();
    now += 1_000;
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('stays within its byte budget', () => {
    const cache = new EdgeCache(100, 10);
    cache.set('/big', {}, Buffer.alloc(8), 1);
    cache.set('/bigger', {}, Buffer.alloc(8), 1);
    expect(cache.get('/big')).toBeUndefined();
    expect(cache.get('/bigger')).toBeDefined();
  });

  it('makes callers of an expired answer wait for the one renewal on its way, and only for that', async () => {
    let now = 1_000;
    const cache = new EdgeCache(10, 1024, () => now);
    expect(cache.startFill('/a')).toBeUndefined();
    expect(cache.pending('/a')).toBeUndefined();

    cache.set('/a', {}, Buffer.from('old'), 1);
    now += 1_000;
    expect(cache.get('/a')).toBeUndefined();
    const settle = cache.startFill('/a');
    const waiting = cache.pending('/a');
    expect(cache.startFill('/a')).toBeUndefined();
    settle?.(cache.set('/a', {}, Buffer.from('new'), 1));
    settle?.(undefined);
    expect((await waiting)?.body.toString()).toBe('new');
    expect(cache.pending('/a')).toBeUndefined();
  });

  it('holds a tagged answer as long as its Surrogate-Control says, only while purges are heard', () => {
    const shared = 'public, max-age=0, s-maxage=1';
    const tagged = { key: 'catalog:db:responses', control: 'max-age=5' };
    // The key was last purged when the count stood at 7.
    const purgedSince = (key: string, since: number) => key === tagged.key && 7 > since;
    const heard = { live: true, heard: 9, purgedSince };
    expect(heldSeconds(shared, tagged, heard, 7)).toEqual({ seconds: 5, tag: 'catalog:db:responses' });
    expect(heldSeconds(shared, { ...tagged, control: 'max-age=600' }, heard, 8).seconds).toBe(5);
    // Its purge was heard while the answer was on its way: the answer may predate the change.
    expect(heldSeconds(shared, tagged, heard, 6)).toEqual({ seconds: 1 });
    expect(heldSeconds(shared, { ...tagged, key: 'another' }, heard, 6).seconds).toBe(5);
    expect(heldSeconds(shared, tagged, { ...heard, live: false }, 7)).toEqual({ seconds: 1 });
    expect(heldSeconds(shared, { control: 'max-age=5' }, heard, 7)).toEqual({ seconds: 1 });
    expect(heldSeconds(shared, { key: tagged.key }, heard, 7)).toEqual({ seconds: 1 });
    // Nothing the service did not mark shareable is kept, whatever the surrogate headers say.
    expect(heldSeconds('private, no-cache', tagged, heard, 7)).toEqual({ seconds: 0 });
  });

  it('drops the answers held under a purged key, all held ones when purges went unheard, no others', () => {
    const cache = new EdgeCache(10, 1024);
    cache.set('/catalog-a', {}, Buffer.from('a'), 5, 'catalog');
    cache.set('/catalog-b', {}, Buffer.from('b'), 5, 'catalog');
    cache.set('/content', {}, Buffer.from('c'), 5, 'content');
    cache.set('/untagged', {}, Buffer.from('u'), 1);
    cache.purge('catalog');
    expect(cache.get('/catalog-a')).toBeUndefined();
    expect(cache.get('/catalog-b')).toBeUndefined();
    expect(cache.get('/content')).toBeDefined();
    // A purged key's next callers share one renewal, as an expired one's do.
    expect(cache.startFill('/catalog-a')).toBeDefined();

    cache.set('/catalog-a', {}, Buffer.from('a2'), 5, 'catalog');
    cache.purge(undefined);
    expect(cache.get('/catalog-a')).toBeUndefined();
    expect(cache.get('/content')).toBeUndefined();
    expect(cache.get('/untagged')?.body.toString()).toBe('u');
    expect(cache.size).toBe(1);
  });
});
