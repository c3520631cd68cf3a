import type { Redis } from 'ioredis';
import type { Logger } from '@podz/kit';
import type { Cue, SearchDocument } from './search-document';
import type { IndexEntry } from './search-engine';
import type { DocumentStore } from './document-store';
import type { EmbeddedIndex } from './embedded-index';
import type { SnapshotFile } from './snapshot-file';

const BATCH = 500;
const BLOCK_MS = 1_000;

/**
 * Keeps this instance's embedded index current: at start from its snapshot (then only the changes
 * since) or, without a usable one, from every document; then it follows the store's change stream,
 * so a change is searchable here a few milliseconds after it was stored, on every instance.
 */
export class IndexFollower {
  private streamId = '0-0';
  /** How the index was loaded at start. */
  loadedFrom: 'snapshot' | 'documents' | undefined;
  private snapshotOf: string | undefined;
  private stopped = false;
  private following: Promise<void> | undefined;
  private readonly reader: Redis;

  constructor(
    private readonly store: DocumentStore,
    private readonly index: EmbeddedIndex,
    private readonly file: SnapshotFile,
    redis: Redis,
    private readonly logger: Logger,
  ) {
    // A blocked read holds its connection: the follower reads on one of its own.
    this.reader = redis.duplicate();
  }

  /** Loads the index (snapshot or every document) and starts following the stream. */
  async start(): Promise<void> {
    const started = Date.now();
    // The copy keeps the service's options (connect on demand, no offline queue): connect it now.
    await this.reader.connect();
    const snapshot = await this.file.read().catch((err: unknown) => {
      this.logger.warn({ err }, 'search snapshot unreadable; loading every document');
      return null;
    });
    if (snapshot && (await this.store.holdsChangesAfter(snapshot.streamId))) {
      this.index.restore(snapshot);
      this.streamId = this.snapshotOf = snapshot.streamId;
      this.loadedFrom = 'snapshot';
      this.logger.info(
        { ms: Date.now() - started, documents: this.index.documentCount },
        'search index loaded from its snapshot',
      );
    } else {
      await this.loadEverything();
      this.loadedFrom = 'documents';
      this.logger.info(
        { ms: Date.now() - started, documents: this.index.documentCount },
        'search index built from every document',
      );
    }
    this.following = this.follow();
  }

  private async loadEverything(): Promise<void> {
    // The stream's position first: changes made during the load are applied again after it.
    this.streamId = await this.store.latestChange();
    for await (const docs of this.store.everyDocument()) await this.index.apply(await this.entriesOf(docs));
  }

  private async entriesOf(docs: SearchDocument[]): Promise<IndexEntry[]> {
    const withTranscript = docs.filter((doc) => doc.kind === 'episode' && doc.transcriptRevision !== null);
    const cues = await this.store.cuesOf(withTranscript.map((doc) => doc.id));
    const cuesById = new Map<string, Cue[] | null>(withTranscript.map((doc, n) => [doc.id, cues[n] ?? null]));
    return docs.map((doc) => ({ key: `${doc.kind}:${doc.id}`, doc, cues: cuesById.get(doc.id) ?? null }));
  }

  private async follow(): Promise<void> {
    while (!this.stopped) {
      try {
        const changes = await this.store.changesAfter(this.reader, this.streamId, BATCH, BLOCK_MS);
        const last = changes.at(-1);
        if (!last) continue;
        const keys = [...new Set(changes.map((change) => change.key))];
        const docs = await this.store.many(keys);
        const present = await this.entriesOf(docs.filter((doc): doc is SearchDocument => doc !== null));
        const byKey = new Map(present.map((entry) => [entry.key, entry]));
        await this.index.apply(keys.map((key) => byKey.get(key) ?? { key, doc: null, cues: null }));
        this.streamId = last.streamId;
      } catch (err) {
        if (this.stopped) return;
        this.logger.warn({ err }, 'search index could not follow its changes; retrying');
        await new Promise((resolve) => setTimeout(resolve, BLOCK_MS));
      }
    }
  }

  /** Writes a snapshot if anything was applied since the last one. */
  async saveSnapshot(): Promise<void> {
    if (this.snapshotOf === this.streamId) return;
    const streamId = this.streamId;
    await this.file.write(this.index.snapshot(streamId));
    this.snapshotOf = streamId;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.reader.disconnect();
    await this.following;
    await this.saveSnapshot().catch((err: unknown) =>
      this.logger.warn({ err }, 'search snapshot not written'),
    );
  }
}
