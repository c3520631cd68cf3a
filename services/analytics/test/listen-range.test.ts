import { listenRange, periodOf } from '../src/domain/listen-range';

describe('a range of UTC days', () => {
  const now = new Date('2024-03-15T13:00:00Z');

  it('names every day across month ends and a leap day, whole months apart from edge days', () => {
    const range = listenRange({ from: '2024-01-30', to: '2024-03-02', interval: 'day' }, now);
    expect(range.days).toHaveLength(33);
    expect(range.days.slice(0, 3)).toEqual(['2024-01-30', '2024-01-31', '2024-02-01']);
    expect(range.days).toContain('2024-02-29');
    expect(range.days.at(-1)).toBe('2024-03-02');
    expect(range.months).toEqual(['2024-01', '2024-02', '2024-03']);
    expect(range.wholeMonths).toEqual(['2024-02']);
    expect(range.edgeDays).toEqual(['2024-01-30', '2024-01-31', '2024-03-01', '2024-03-02']);
    expect(range.closedBefore).toBe('2024-03-13');
  });

  it('gives the same labels however often it is asked, and this month so far is a whole month', () => {
    const first = listenRange({ from: '2023-04-01', interval: 'month' }, now);
    const again = listenRange({ from: '2023-04-01', interval: 'month' }, now);
    expect(again.days).toEqual(first.days);
    expect(first.days).toHaveLength(350);
    expect(first.days.at(-1)).toBe('2024-03-15');
    expect(first.wholeMonths).toHaveLength(12);
    expect(first.edgeDays).toEqual([]);
  });

  it('labels weeks by their Monday and months by their month', () => {
    expect(periodOf('2024-03-02', 'week')).toBe('2024-02-26');
    expect(periodOf('2024-02-26', 'week')).toBe('2024-02-26');
    expect(periodOf('2024-03-02', 'month')).toBe('2024-03');
  });
});
