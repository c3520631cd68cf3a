import { LruMap } from './lru-map';

describe('LruMap', () => {
  it('keeps at most its capacity, dropping the least recently used first', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1); // a is now the most recent
    map.set('c', 3);
    expect(map.get('b')).toBeUndefined();
    expect(map.get('a')).toBe(1);
    expect(map.get('c')).toBe(3);
    expect(map.size).toBe(2);
  });

  it('replaces a value in place and forgets a deleted key', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.set('a', 2);
    expect(map.size).toBe(1);
    expect(map.get('a')).toBe(2);
    map.delete('a');
    expect(map.get('a')).toBeUndefined();
  });

  it('refuses a capacity that could hold nothing', () => {
    expect(() => new LruMap(0)).toThrow(/capacity/);
  });
});
