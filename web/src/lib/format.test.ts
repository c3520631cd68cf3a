import { capitalize, formatClock, formatDuration, parseClock, swapped, toLocalInput } from './format';

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

describe('chapter start times', () => {
  it('are written as m:ss or h:mm:ss, with tenths when there are any', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(95.5)).toBe('1:35.5');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatClock(59.96)).toBe('1:00');
  });

  it('are read from seconds, m:ss and h:mm:ss, and nothing else', () => {
    expect(parseClock('90')).toBe(90);
    expect(parseClock('1:30')).toBe(90);
    expect(parseClock(' 1:02:03 ')).toBe(3723);
    expect(parseClock('1:35.5')).toBe(95.5);
    expect(parseClock('1:75')).toBeUndefined();
    expect(parseClock('1:60:00')).toBeUndefined();
    expect(parseClock('soon')).toBeUndefined();
    expect(parseClock('')).toBeUndefined();
  });
});
