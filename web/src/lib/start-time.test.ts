import { startTimeOf, startTimeParam } from './start-time';

describe('a shared link’s start time', () => {
  it('is read from seconds, 1m30s forms and clocks, and is 0 for anything else', () => {
    expect(startTimeOf('90')).toBe(90);
    expect(startTimeOf('1m30s')).toBe(90);
    expect(startTimeOf('1h2m3s')).toBe(3723);
    expect(startTimeOf('45s')).toBe(45);
    expect(startTimeOf('1:30')).toBe(90);
    expect(startTimeOf('1:02:03')).toBe(3723);
    expect(startTimeOf('soon')).toBe(0);
    expect(startTimeOf('')).toBe(0);
    expect(startTimeOf(null)).toBe(0);
  });

  it('is written as 1m30s, and reads back', () => {
    expect(startTimeParam(90)).toBe('1m30s');
    expect(startTimeParam(3723.9)).toBe('1h2m3s');
    expect(startTimeParam(45)).toBe('45s');
    expect(startTimeParam(3600)).toBe('1h0m0s');
    for (const seconds of [0, 59, 61, 3599, 7322]) expect(startTimeOf(startTimeParam(seconds))).toBe(seconds);
  });
});
