import { UpstreamPool } from './upstream-pool';

describe('UpstreamPool', () => {
  afterEach(() => jest.useRealTimers());

  it('takes the instances in turn, and never one already tried for this request', () => {
    const pool = new UpstreamPool(['http://a', 'http://b', 'http://c']);
    expect([pool.pick(), pool.pick(), pool.pick(), pool.pick()]).toEqual([
      'http://a',
      'http://b',
      'http://c',
      'http://a',
    ]);
    expect(pool.another(new Set(['http://b']))).toBe('http://c');
    expect(pool.another(new Set(['http://a', 'http://b', 'http://c']))).toBeUndefined();
  });

  it('passes over an instance that failed for two seconds, and tries it anyway when all failed', () => {
    jest.useFakeTimers({ now: 0 });
    const pool = new UpstreamPool(['http://a', 'http://b']);
    pool.failed('http://a');
    expect([pool.pick(), pool.pick(), pool.pick()]).toEqual(['http://b', 'http://b', 'http://b']);
    expect(pool.at(0)).toBeUndefined();
    expect(pool.at(1)).toBe('http://b');
    pool.failed('http://b');
    expect(pool.pick()).toBeDefined();
    jest.setSystemTime(2_001);
    expect(pool.at(0)).toBe('http://a');
    expect(new Set([pool.pick(), pool.pick()])).toEqual(new Set(['http://a', 'http://b']));
  });

  it('refuses an empty list', () => {
    expect(() => new UpstreamPool([])).toThrow('at least one instance');
  });
});
