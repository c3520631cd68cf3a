import type { Logger } from '../logging/logger';

/**
 * Work a request starts but does not wait for (rebuilding a list, repairing a count): one run per
 * key at a time, failures logged. One per service instance, so instances sharing a process (tests)
 * never hold each other's keys.
 */
export class BackgroundJobs {
  private readonly running = new Set<string>();

  constructor(private readonly logger: Logger) {}

  /** Starts `job` unless one under `key` is still running. */
  once(key: string, job: () => Promise<unknown>): void {
    if (this.running.has(key)) return;
    this.running.add(key);
    job()
      .catch((err: unknown) => this.logger.warn({ err, job: key }, 'background job failed'))
      .finally(() => this.running.delete(key));
  }
}
