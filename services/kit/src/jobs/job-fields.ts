import { Schema } from 'mongoose';

export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** A job as the people waiting on it see it: where it is, how far, and why it failed. */
export interface JobStatus {
  state: JobState;
  /** What it is doing now (the worker's words), null before it starts. */
  stage: string | null;
  /** 0–100 through the whole job. */
  percent: number;
  /** How many times a worker has taken it (one more after each worker that died holding it). */
  attempts: number;
  /** Why it failed, for the owner: never a stack or an internal detail. */
  error: string | null;
  queuedAt: Date;
  finishedAt: Date | null;
}

/** What the queue keeps besides the status: who holds the job, until when. */
export interface StoredJob extends JobStatus {
  leaseUntil: Date;
  token: string | null;
}

/**
 * Adds a job to an aggregate's schema: the document is its own queue entry, so a record and the
 * work it needs are written in one atomic write and can never be found one without the other.
 */
export function jobPlugin(schema: Schema): void {
  schema.add({
    job: {
      type: new Schema(
        {
          state: { type: String, enum: JOB_STATES, required: true },
          stage: { type: String, default: null },
          percent: { type: Number, default: 0 },
          attempts: { type: Number, default: 0 },
          error: { type: String, default: null },
          queuedAt: { type: Date, required: true },
          finishedAt: { type: Date, default: null },
          leaseUntil: { type: Date, required: true },
          token: { type: String, default: null },
        },
        { _id: false },
      ),
      default: undefined,
    },
  });
  // What a worker looks for: jobs not done whose lease has run out (or was never taken).
  schema.index({ 'job.state': 1, 'job.leaseUntil': 1 });
}

/** The job field of a document created with work to do. */
export function queuedJob(now = new Date()): StoredJob {
  return {
    state: 'queued',
    stage: null,
    percent: 0,
    attempts: 0,
    error: null,
    queuedAt: now,
    finishedAt: null,
    leaseUntil: new Date(0),
    token: null,
  };
}

/** The status of a stored job, without who holds it. */
export function jobStatus(job: StoredJob): JobStatus {
  const { leaseUntil: _lease, token: _token, ...status } = job;
  return status;
}
