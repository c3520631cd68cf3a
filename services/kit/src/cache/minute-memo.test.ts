import { MinuteMemo } from './minute-memo';

describe('a minute memo', () => {
  it('keeps a value through its minute and the next, read or not, and no longer', () => {
    const memo = new MinuteMemo<number>(10, 60_000, 0);
    memo.set('a', 1, 0);
    expect(memo.get('a', 59_000)).toBe(1);
    expect(memo.get('a', 61_000)).toBe(1);
    expect(memo.get('a', 119_000)).toBe(1);
    expect(memo.get('a', 121_000)).toBeUndefined();
    expect(memo.size).toBe(0);
  });

  it('drops both generations after a quiet spell', () => {
    const memo = new MinuteMemo<number>(10, 60_000, 0);
    memo.set('a', 1, 0);
    memo.set('b', 2, 30_000);
    expect(memo.get('b', 125_000)).toBeUndefined();
    expect(memo.size).toBe(0);
  });

  it('turns a full generation over early, so it holds at most twice its capacity', () => {
    const memo = new MinuteMemo<number>(3, 60_000, 0);
    for (let n = 0; n < 10; n++) memo.set(`k${n}`, n, 1000);
    expect(memo.size).toBeLessThanOrEqual(6);
    expect(memo.get('k9', 1000)).toBe(9);
    expect(memo.get('k0', 1000)).toBeUndefined();
  });
});
