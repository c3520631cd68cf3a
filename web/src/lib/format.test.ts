import { capitalize, formatDuration, swapped } from './format';

describe('formatDuration', () => {
  it('writes minutes and seconds, and hours only when there are some', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(6)).toBe('0:06');
    expect(formatDuration(65.9)).toBe('1:05');
    expect(formatDuration(3725)).toBe('1:02:05');
  });

  it('treats missing or negative durations as zero', () => {
    expect(formatDuration(Number.NaN)).toBe('0:00');
    expect(formatDuration(-5)).toBe('0:00');
  });
});

describe('capitalize and swapped', () => {
  it('capitalizes a word and leaves an empty one', () => {
    expect(capitalize('pending')).toBe('Pending');
    expect(capitalize('')).toBe('');
  });

  it('swaps two entries in a copy, and copies unchanged when one is out of range', () => {
    const items = ['a', 'b', 'c'];
    expect(swapped(items, 0, 1)).toEqual(['b', 'a', 'c']);
    expect(items).toEqual(['a', 'b', 'c']);
    expect(swapped(items, 2, 3)).toEqual(['a', 'b', 'c']);
  });
});
