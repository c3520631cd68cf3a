import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import type { SearchType } from '@podz/proto';

/**
 * The embedded index's snapshot on local disk: written beside itself and renamed into place, so a
 * process killed mid-write leaves the previous snapshot whole.
 */
export class SnapshotFile {
  private readonly file: string;

  constructor(directory: string) {
    this.file = path.join(path.resolve(directory), 'search-index.json');
  }

  async read(): Promise<EmbeddedSnapshot | null> {
    const json = await readFile(this.file, 'utf8').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    });
    if (json === null) return null;
    const snapshot = JSON.parse(json) as EmbeddedSnapshot;
    return snapshot.version === 1 ? snapshot : null;
  }

  /** Writes the snapshot's JSON piece by piece (searches are answered between the pieces). */
  async write(pieces: Iterable<string>): Promise<void> {
    await mkdir(path.dirname(this.file), { recursive: true });
    const partial = `${this.file}.${process.pid}.partial`;
    const out = createWriteStream(partial);
    try {
      for (const piece of pieces) {
        if (!out.write(piece)) await once(out, 'drain');
        await new Promise((resolve) => setImmediate(resolve));
      }
      out.end();
      await once(out, 'finish');
    } finally {
      out.destroy();
    }
    await rename(partial, this.file);
  }
}

/** The snapshot's shape: each type's index, and where in the change stream it was taken. */
export interface EmbeddedSnapshot {
  version: 1;
  streamId: string;
  indexes: Record<SearchType, unknown>;
}
