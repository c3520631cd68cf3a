import { addInterval } from './subscription-periods';

describe('addInterval: the end of a paid period', () => {
  it.each([
    ['2026-11-25T12:30:00.000Z', 'month', '2026-12-25T12:30:00.000Z'],
    ['2026-12-31T08:00:00.000Z', 'month', '2027-01-31T08:00:00.000Z'],
    // A shorter month ends on its last day, not in the month after.
    ['2027-01-31T08:00:00.000Z', 'month', '2027-02-28T08:00:00.000Z'],
    ['2028-01-30T08:00:00.000Z', 'month', '2028-02-29T08:00:00.000Z'],
    ['2026-11-25T12:30:00.000Z', 'year', '2027-11-25T12:30:00.000Z'],
    ['2028-02-29T00:00:00.000Z', 'year', '2029-02-28T00:00:00.000Z'],
  ] as const)('%s plus a %s is %s', (from, interval, to) => {
    expect(addInterval(new Date(from), interval).toISOString()).toBe(to);
  });
});
