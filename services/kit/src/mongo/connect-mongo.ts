import mongoose, { type Connection } from 'mongoose';
import type { Logger } from '../logging/logger';

export interface MongoOptions {
  url: string;
  database: string;
  logger: Logger;
  /** Give up after this long; the store may still be starting when a service boots. */
  retryForMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One connection per service (not mongoose's global one), so a service owns its database and
 * several services can share a process in tests. Retries with backoff until `retryForMs`.
 */
export async function connectMongo({
  url,
  database,
  logger,
  retryForMs = 30_000,
}: MongoOptions): Promise<Connection> {
  const deadline = Date.now() + retryForMs;
  let delay = 250;
  for (let attempt = 1; ; attempt += 1) {
    const connection = mongoose.createConnection(url, {
      dbName: database,
      serverSelectionTimeoutMS: 5000,
      // FerretDB (the local store) and MongoDB 7 both accept this; no feature beyond their overlap is used.
      autoIndex: true,
    });
    try {
      await connection.asPromise();
      logger.info({ database }, 'connected to MongoDB');
      return connection;
    } catch (err) {
      await connection.close().catch(() => undefined);
      if (Date.now() + delay > deadline) {
        throw new Error(
          `could not connect to MongoDB at ${redactUrl(url)} after ${attempt} attempts: ${String(err)}`,
        );
      }
      logger.warn({ attempt, err: String(err) }, 'MongoDB not reachable yet, retrying');
      await sleep(delay);
      delay = Math.min(delay * 2, 4000);
    }
  }
}

export async function pingMongo(connection: Connection): Promise<void> {
  const db = connection.db;
  if (!db) throw new Error('not connected');
  await db.admin().ping();
}

/** Connection strings can hold credentials; logs and errors get the host only. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}

const DUPLICATE_KEY = 11000;

/** Whether a write failed on a unique index: the "already exists" a repository turns into an answer. */
export function isDuplicateKey(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === DUPLICATE_KEY;
}

/**
 * Whether an unordered bulk write failed only on unique keys already stored: those writes were
 * refused one by one and the rest of the bulk went in.
 */
export function onlyDuplicateKeys(err: unknown): boolean {
  return (writeErrorsOf(err) ?? [err]).every(isDuplicateKey);
}

/** One document's refusal in a bulk write: its place in the bulk, and the store's code and text. */
export interface DocumentRefusal {
  index: number;
  code?: number;
  errmsg?: string;
}

/**
 * The documents an unordered bulk write refused one by one, or undefined when it failed as a whole
 * (the driver gives one refusal bare and several as a list).
 */
export function writeErrorsOf(err: unknown): DocumentRefusal[] | undefined {
  const errors = (err as { writeErrors?: unknown } | null | undefined)?.writeErrors;
  const list = (Array.isArray(errors) ? errors : errors ? [errors] : []) as DocumentRefusal[];
  return list.length > 0 ? list : undefined;
}
