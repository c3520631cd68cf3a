import { RecentReads } from './recent-reads';

describe('RecentReads', () => {
  it('loads a key once while it is fresh, shared by callers at the same moment, and again after', async () => {
    const reads = new RecentReads<string, number>(1000, 10);
    let loads = 0;
    const load = async () => ++loads;
    const [first, second] = await Promise.all([reads.get('a', load, 0), reads.get('a', load, 10)]);
    expect([first, second, loads]).toEqual([1, 1, 1]);
    expect(await reads.get('a', load, 999)).toBe(1);
    expect(await reads.get('a', load, 1000)).toBe(2);
    expect(await reads.get('b', load, 1000)).toBe(3);
  });

  it('forgets a failed load at once, and a key it is told to', async () => {
    const reads = new RecentReads<string, number>(1000, 10);
    await expect(reads.get('a', () => Promise.reject(new Error('store down')), 0)).rejects.toThrow(
      'store down',
    );
    expect(await reads.get('a', async () => 7, 1)).toBe(7);
    reads.forget('a');
    expect(await reads.get('a', async () => 8, 2)).toBe(8);
  });

  it('keeps at most its capacity', async () => {
    const reads = new RecentReads<string, string>(1000, 1);
    await reads.get('a', async () => 'a1', 0);
    await reads.get('b', async () => 'b1', 0);
    expect(await reads.get('a', async () => 'a2', 1)).toBe('a2');
  });

  it('behind a stale value, reloads once and answers the old value till the new one is in', async () => {
    const reads = new RecentReads<string, number>(1000, 10, { reloadBehind: true });
    let loads = 0;
    let release = () => undefined as void;
    const slow = () =>
      new Promise<number>((resolve) => {
        const n = ++loads;
        release = () => resolve(n);
        if (n === 1) resolve(n);
      });
    expect(await reads.get('a', slow, 0)).toBe(1);
    // Stale: the old value at once, one reload behind it however many ask.
    expect(await reads.get('a', slow, 1500)).toBe(1);
    expect(await reads.get('a', slow, 1600)).toBe(1);
    expect(loads).toBe(2);
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await reads.get('a', slow, 1700)).toBe(2);
    expect(loads).toBe(2);
  });

  it('behind a stale value, keeps it when the reload fails, and tries again on the next ask', async () => {
    const reads = new RecentReads<string, number>(1000, 10, { reloadBehind: true });
    expect(await reads.get('a', async () => 1, 0)).toBe(1);
    expect(await reads.get('a', () => Promise.reject(new Error('store down')), 1500)).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await reads.get('a', async () => 3, 1600)).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await reads.get('a', async () => 4, 1700)).toBe(3);
  });
});
