import { capitalize, formatDuration, swapped, toLocalInput } from './format';

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

describe('toLocalInput', () => {
  it('writes a moment as a datetime-local input shows it, to the minute, and reads back as the same moment', () => {
    const moment = '2026-11-26T13:45:00.000Z';
    const local = toLocalInput(moment);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    // A datetime-local value is read in the browser's time zone, as the episode form sends it.
    expect(new Date(local).toISOString()).toBe(moment);
  });
});
