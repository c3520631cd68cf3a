import { createLogger } from '../logging/logger';
import { PeriodicTask } from './periodic-task';

const logger = createLogger('periodic-task-test', 'silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    await sleep(150);
    await task.stop();
    expect(runs).toBeGreaterThanOrEqual(3);
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
    await sleep(20);
    await task.stop();
    expect(finished).toBe(started);
    await sleep(30);
    expect(started).toBe(finished);
    expect(started).toBe(1);
  });
});
