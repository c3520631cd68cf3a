import { hourOf, sweepDueHours, type DueHours } from './due-hours';

interface Item {
  id: string;
  at: Date;
}

/** Hour buckets in memory: what the clock's contract needs, nothing of a store. */
function clockOver(items: Item[], failing = new Set<string>()) {
  const handled: string[] = [];
  let bookmark: string | undefined;
  let writes = 0;
  const clock: DueHours<Item> = {
    sweptThrough: async () => bookmark,
    setSweptThrough: async (hour) => {
      writes += 1;
      bookmark = hour;
    },
    filedIn: async (hour) => items.filter((item) => hourOf(item.at) === hour),
    isDue: (item, now) => item.at <= now,
    handle: async (item) => {
      if (failing.has(item.id)) throw new Error(`${item.id} failed`);
      handled.push(item.id);
      items.splice(items.indexOf(item), 1);
    },
    onError: () => undefined,
    firstLookBackMs: 24 * 3_600_000,
  };
  return { clock, handled, bookmark: () => bookmark, writes: () => writes };
}

const at = (iso: string) => new Date(iso);

describe('sweepDueHours', () => {
  it('handles what is due hour by hour and keeps the bookmark at the first hour with anything left', async () => {
    const items = [
      { id: 'yesterday', at: at('2026-11-25T18:30:00Z') },
      { id: 'due', at: at('2026-11-26T11:05:00Z') },
      { id: 'later-this-hour', at: at('2026-11-26T12:40:00Z') },
      { id: 'next-hour', at: at('2026-11-26T13:10:00Z') },
    ];
    const { clock, handled, bookmark } = clockOver(items);
    await sweepDueHours(clock, at('2026-11-26T12:30:00Z'));
    expect(handled).toEqual(['yesterday', 'due']);
    expect(bookmark()).toBe('2026-11-26T12');

    await sweepDueHours(clock, at('2026-11-26T13:15:00Z'));
    expect(handled).toEqual(['yesterday', 'due', 'later-this-hour', 'next-hour']);
    expect(bookmark()).toBe('2026-11-26T13');
  });

  it('finds an item that failed again on the next run', async () => {
    const failing = new Set(['flaky']);
    const { clock, handled, bookmark } = clockOver(
      [{ id: 'flaky', at: at('2026-11-26T08:00:00Z') }],
      failing,
    );
    await sweepDueHours(clock, at('2026-11-26T12:00:00Z'));
    expect(handled).toEqual([]);
    expect(bookmark()).toBe('2026-11-26T08');
    failing.clear();
    await sweepDueHours(clock, at('2026-11-26T12:00:01Z'));
    expect(handled).toEqual(['flaky']);
    expect(bookmark()).toBe('2026-11-26T12');
  });

  it('writes the bookmark only when it moves', async () => {
    const { clock, bookmark, writes } = clockOver([{ id: 'later', at: at('2026-11-26T12:40:00Z') }]);
    await sweepDueHours(clock, at('2026-11-26T12:00:00Z'));
    expect([bookmark(), writes()]).toEqual(['2026-11-26T12', 1]);
    await sweepDueHours(clock, at('2026-11-26T12:00:01Z'));
    await sweepDueHours(clock, at('2026-11-26T12:30:00Z'));
    expect(writes()).toBe(1);
    await sweepDueHours(clock, at('2026-11-26T13:00:00Z'));
    expect([bookmark(), writes()]).toEqual(['2026-11-26T13', 2]);
  });
});
