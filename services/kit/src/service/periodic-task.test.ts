import { createLogger } from '../logging/logger';
import { eventually } from '../testing/eventually';
import { PeriodicTask } from './periodic-task';

const logger = createLogger('periodic-task-test', 'silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The clock's timings are not asserted: under a loaded test run a 5 ms timer can fire 100 ms late.
// The tests wait for what the task does, with room to spare.
describe('PeriodicTask', () => {
  it('runs again and again, never two runs at once, and goes on after a failed run', async () => {
    let running = 0;
    let overlapped = false;
    let runs = 0;
    const task = new PeriodicTask(
      'test',
      5,
      async () => {
        runs += 1;
        running += 1;
        overlapped ||= running > 1;
        await sleep(20);
        running -= 1;
        if (runs === 1) throw new Error('the first run fails');
      },
      logger,
    );
    task.start();
    try {
      await eventually('three runs, the first of them failed', async () => runs >= 3, 10_000);
    } finally {
      await task.stop();
    }
    expect(overlapped).toBe(false);
  });

  it('stop waits for the run in progress and then runs nothing more', async () => {
    let finished = 0;
    let started = 0;
    const task = new PeriodicTask(
      'test',
      1,
      async () => {
        started += 1;
        await sleep(50);
        finished += 1;
      },
      logger,
    );
    task.start();
    await eventually('a run started', async () => started >= 1, 10_000);
    await task.stop();
    const startedAtStop = started;
    expect(finished).toBe(startedAtStop);
    await sleep(30);
    expect(started).toBe(startedAtStop);
  });
});
