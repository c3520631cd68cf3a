import { randomUUID } from 'node:crypto';
import type { Collection, Document } from 'mongodb';
import type { Redis } from 'ioredis';
import type { Model } from 'mongoose';
import type { Logger } from '../logging/logger';
import { jobStatus, type JobStatus, type StoredJob } from './job-fields';

/** A failure another attempt would not mend (a corrupt file): the job fails at once with this reason. */
export class JobFailure extends Error {}

/** What a job's outcome writes: an update of its document. */
export type JobOutcome = { $set?: Document } & Document;

export interface RunningJob {
  /** The document's id, as a string. */
  id: string;
  attempt: number;
  /** Aborted when the worker lost the job (its lease ran out) or is stopping. */
  signal: AbortSignal;
  /** Says where the job is: stored (and told) at a new stage, else at most once per `progressEveryMs`. */
  progress(stage: string, percent: number): void;
}

export interface JobWorkerOptions {
  /** The aggregate's model: each document with a `job` field (`jobPlugin`) is a job. */
  model: Pick<Model<unknown>, 'collection' | 'db'>;
  redis: Redis;
  logger: Logger;
  /** Jobs this process runs at once; 0 runs none (an instance that only serves). */
  slots: number;
  /**
   * Does the job; resolves with the update that records its outcome (`$set`, and events through
   * `withEvents`), written with the done state under the worker's lease.
   */
  run: (job: RunningJob) => Promise<JobOutcome>;
  /** Told once a job's outcome is written (to kick the outbox relay). */
  onDone?: (id: string) => void;
  /** Told of each change of a job's status, to push it to whoever watches. */
  onStatus?: (id: string, status: JobStatus) => void;
  leaseMs?: number;
  pollMs?: number;
  maxAttempts?: number;
  progressEveryMs?: number;
}

// Only the holder renews or lets go of a lock.
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;
const BACKOFF_MS = 5_000;

/**
 * Runs the jobs stored in a collection: durable (a job is a field of its document, written with
 * it), one worker per job (a lock in Redis taken with NX, its token written on the document, and
 * every write of the job's outcome made only under that token), resumed after a worker dies (its
 * lease runs out and another takes the job from the start), at most `slots` at a time.
 */
export class JobWorker {
  private readonly running = new Map<string, { abort: AbortController; done: Promise<void> }>();
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly maxAttempts: number;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private stopped = true;
  private readonly collection: Collection<Document>;

  constructor(private readonly options: JobWorkerOptions) {
    // Mongoose's collection wraps the driver's; the queue's atomic updates are the driver's own.
    this.collection = options.model.collection as unknown as Collection<Document>;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.pollMs = options.pollMs ?? 2_000;
    this.maxAttempts = options.maxAttempts ?? 3;
  }

  start(): void {
    if (this.options.slots < 1) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Looks for work now (a job was just queued here), not at the next poll. */
  kick(): void {
    if (!this.stopped) this.schedule(0);
  }

  /** Stops taking jobs and hands those running back to the queue, for another worker at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.ticking;
    for (const job of this.running.values()) job.abort.abort(new Error('stopping'));
    await Promise.all([...this.running.values()].map((job) => job.done));
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.ticking ??= this.claimSome()
        .catch((err: unknown) => this.options.logger.warn({ err }, 'job worker could not look for jobs'))
        .finally(() => {
          this.ticking = undefined;
          if (!this.stopped) this.schedule(this.pollMs);
        });
    }, delay);
    this.timer.unref();
  }

  private lockKey(id: string): string {
    const { model } = this.options;
    return `jobs:${model.db.name}.${model.collection.collectionName}:${id}`;
  }

  private async claimSome(): Promise<void> {
    const free = this.options.slots - this.running.size;
    if (free < 1 || this.stopped) return;
    const now = new Date();
    const candidates = await this.collection
      .find(
        { 'job.state': { $in: ['queued', 'running'] }, 'job.leaseUntil': { $lt: now } },
        { projection: { _id: 1 } },
      )
      .sort({ 'job.queuedAt': 1 })
      .limit(free * 4)
      .toArray();
    for (const { _id } of candidates) {
      if (this.running.size >= this.options.slots || this.stopped) return;
      const id = String(_id);
      if (this.running.has(id)) continue;
      const token = randomUUID();
      if ((await this.options.redis.set(this.lockKey(id), token, 'PX', this.leaseMs, 'NX')) !== 'OK')
        continue;
      const claimed = await this.collection.findOneAndUpdate(
        { _id, 'job.state': { $in: ['queued', 'running'] } },
        {
          $set: { 'job.state': 'running', 'job.token': token, 'job.leaseUntil': this.leaseEnd() },
          $inc: { 'job.attempts': 1 },
        },
        // Without a projection: FerretDB's findAndModify takes none.
        { returnDocument: 'after' },
      );
      const job = claimed?.job as StoredJob | undefined;
      if (!job) {
        await this.options.redis.eval(RELEASE, 1, this.lockKey(id), token);
        continue;
      }
      const abort = new AbortController();
      const entry = { abort, done: Promise.resolve() };
      this.running.set(id, entry);
      entry.done = this.runOne(_id, id, token, job, abort).finally(() => {
        this.running.delete(id);
        this.kick();
      });
    }
  }

  private leaseEnd(): Date {
    return new Date(Date.now() + this.leaseMs);
  }

  private async runOne(
    _id: Document['_id'],
    id: string,
    token: string,
    job: StoredJob,
    abort: AbortController,
  ) {
    const { logger, onStatus } = this.options;
    const { collection } = this;
    const mine: Document = { _id, 'job.token': token };
    const tell = (status: Partial<JobStatus>) => onStatus?.(id, { ...jobStatus(job), ...status });
    const renew = setInterval(() => {
      void this.renew(id, token).then((held) => {
        if (!held) abort.abort(new Error('lease lost'));
        else void collection.updateOne(mine, { $set: { 'job.leaseUntil': this.leaseEnd() } }).catch(() => {});
      });
    }, this.leaseMs / 3);
    renew.unref();
    try {
      if (job.attempts > this.maxAttempts) {
        throw new JobFailure(`Processing stopped ${this.maxAttempts} times before it finished`);
      }
      tell({ state: 'running' });
      const started = performance.now();
      const result = await this.options.run({
        id,
        attempt: job.attempts,
        signal: abort.signal,
        progress: this.progressWriter(mine, (stage, percent) => tell({ state: 'running', stage, percent })),
      });
      if (!(await this.renew(id, token))) throw new Error('lease lost');
      const finishedAt = new Date();
      const done = { state: 'done', stage: null, percent: 100, error: null, finishedAt } as const;
      await collection.updateOne(mine, {
        ...result,
        $set: { ...result.$set, ...prefixed(done), 'job.token': null },
      });
      this.options.onDone?.(id);
      tell(done);
      logger.info(
        { job: id, attempt: job.attempts, ms: Math.round(performance.now() - started) },
        'job done',
      );
    } catch (err) {
      if (abort.signal.aborted) {
        // Stopping, or another worker has it now: whoever holds it next starts it again.
        logger.info({ job: id, reason: String(abort.signal.reason) }, 'job handed back');
        await collection
          .updateOne(mine, { $set: { 'job.leaseUntil': new Date(0) }, $inc: { 'job.attempts': -1 } })
          .catch(() => {});
      } else if (err instanceof JobFailure || job.attempts >= this.maxAttempts) {
        const reason =
          err instanceof JobFailure ? err.message : 'Processing failed; it was tried three times';
        if (!(err instanceof JobFailure)) logger.error({ err, job: id }, 'job failed for good');
        const failed = { state: 'failed', stage: null, error: reason, finishedAt: new Date() } as const;
        await collection.updateOne(mine, { $set: { ...prefixed(failed), 'job.token': null } });
        tell(failed);
      } else {
        logger.warn({ err, job: id, attempt: job.attempts }, 'job failed; it will be tried again');
        const later = new Date(Date.now() + BACKOFF_MS * job.attempts);
        await collection.updateOne(mine, { $set: { 'job.leaseUntil': later } }).catch(() => {});
      }
    } finally {
      clearInterval(renew);
      await this.options.redis.eval(RELEASE, 1, this.lockKey(id), token).catch(() => {});
    }
  }

  private async renew(id: string, token: string): Promise<boolean> {
    return (
      (await this.options.redis.eval(RENEW, 1, this.lockKey(id), token, this.leaseMs).catch(() => 0)) === 1
    );
  }

  private progressWriter(mine: Document, tell: (stage: string, percent: number) => void) {
    const every = this.options.progressEveryMs ?? 1000;
    let last = { stage: '', at: 0 };
    return (stage: string, percent: number) => {
      const now = Date.now();
      if (stage === last.stage && now - last.at < every) return;
      last = { stage, at: now };
      const rounded = Math.max(0, Math.min(99, Math.round(percent)));
      tell(stage, rounded);
      void this.collection
        .updateOne(mine, { $set: { 'job.stage': stage, 'job.percent': rounded } })
        .catch((err: unknown) => this.options.logger.warn({ err }, 'job progress not stored'));
    };
  }
}

function prefixed(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [`job.${key}`, value]));
}
