import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { EmbeddedSnapshot } from './embedded-index';

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

  async write(snapshot: EmbeddedSnapshot): Promise<void> {
    await mkdir(path.dirname(this.file), { recursive: true });
    const partial = `${this.file}.${process.pid}.partial`;
    await writeFile(partial, JSON.stringify(snapshot));
    await rename(partial, this.file);
  }
}
