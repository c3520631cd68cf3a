import type { Document } from 'mongodb';
import { writeErrorsOf } from './connect-mongo';

/** The part of a driver (or mongoose) collection that `InsertBatcher` writes through. */
export interface InsertTarget<T extends Document> {
  insertOne(doc: T): Promise<unknown>;
  insertMany(docs: T[], options: { ordered: false }): Promise<unknown>;
}

interface Waiting<T> {
  doc: T;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/** One document's refusal inside an unordered `insertMany`, shaped like a single insert's. */
class DocumentWriteError extends Error {
  constructor(
    readonly code: number | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'DocumentWriteError';
  }
}

/**
 * Inserts gathered over a short window and written as one unordered `insertMany`: a group commit.
 * The store's work per command dwarfs its work per document when commands come one at a time
 * (FerretDB and PostgreSQL wake for each), so at 200 inserts a second a 10 ms window cut the
 * store's CPU per insert from 1.2 to 0.55 ms and the writer's own by half (docs/performance.md,
 * "Messages stored together"). Each caller still learns its own document's outcome: a document the
 * store refused (a duplicate key) rejects its caller alone, with that error's code; a failure of
 * the whole command rejects every caller in it, as a failed `insertOne` would have. A window of 0
 * inserts each document on its own.
 */
export class InsertBatcher<T extends Document> {
  private waiting: Waiting<T>[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly target: InsertTarget<T>,
    private readonly options: { windowMs: number; maxBatch?: number },
  ) {}

  insert(doc: T): Promise<void> {
    if (this.options.windowMs <= 0) return this.target.insertOne(doc).then(() => undefined);
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ doc, resolve, reject });
      if (this.waiting.length >= (this.options.maxBatch ?? 100)) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.options.windowMs);
    });
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.waiting;
    this.waiting = [];
    // Called from a timer: a throw before the write (a document the driver cannot serialize) must
    // reach the callers, not the process.
    Promise.resolve()
      .then(() =>
        this.target.insertMany(
          batch.map((entry) => entry.doc),
          { ordered: false },
        ),
      )
      .then(
        () => batch.forEach((entry) => entry.resolve()),
        (err: unknown) => settle(batch, err),
      );
  }
}

/** After a failed `insertMany`: per document if the store said which failed, else all of them. */
function settle<T>(batch: Waiting<T>[], err: unknown): void {
  const refusals = writeErrorsOf(err);
  if (!refusals) {
    batch.forEach((entry) => entry.reject(err));
    return;
  }
  const refused = new Map(refusals.map((refusal) => [refusal.index, refusal]));
  batch.forEach((entry, index) => {
    const refusal = refused.get(index);
    if (refusal) entry.reject(new DocumentWriteError(refusal.code, refusal.errmsg ?? 'insert refused'));
    else entry.resolve();
  });
}
