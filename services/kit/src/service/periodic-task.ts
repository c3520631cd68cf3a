import type { Logger } from '../logging/logger';

/**
 * Work a service does on a clock, not on a request or an event (billing's renewals). One run at a
 * time: the next is scheduled `everyMs` after the last one ended, so a slow run never overlaps
 * itself. A failed run is logged and the clock goes on.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(
    readonly name: string,
    private readonly everyMs: number,
    private readonly run: () => Promise<unknown>,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule();
  }

  /** Stops the clock and waits for a run in progress to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.run()
        .then(
          () => undefined,
          (err: unknown) => this.logger.error({ err, task: this.name }, 'periodic task failed'),
        )
        .finally(() => {
          this.running = undefined;
          this.schedule();
        });
    }, this.everyMs);
    // A clock alone never keeps the process alive.
    this.timer.unref();
  }
}
