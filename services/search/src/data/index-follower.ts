import type { Redis } from 'ioredis';
import type { Logger } from '@podz/kit';
import type { Cue, SearchDocument } from './search-document';
import type { IndexEntry, SearchEngine } from './search-engine';
import type { DocumentStore } from './document-store';

const BATCH = 500;
const BLOCK_MS = 1_000;

/**
 * Keeps a search engine current: at start from where it last checkpointed (the embedded index's
 * snapshot, a cluster's recorded position; then only the changes since) or, without a usable
 * checkpoint, from every document; then it follows the store's change stream, so a change is
 * searchable a few milliseconds after it was stored, on every instance.
 */
export class IndexFollower {
  private streamId = '0-0';
  /** How the index was loaded at start. */
  loadedFrom: 'checkpoint' | 'documents' | undefined;
  private checkpointed: string | undefined;
  private stopped = false;
  private following: Promise<void> | undefined;
  private readonly reader: Redis;

  constructor(
    private readonly store: DocumentStore,
    private readonly engine: SearchEngine,
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
    const resumed = await this.engine.checkpoints
      .resume((streamId) => this.store.holdsChangesAfter(streamId))
      .catch((err: unknown) => {
        this.logger.warn({ err }, 'search checkpoint unreadable; loading every document');
        return null;
      });
    if (resumed) {
      this.streamId = this.checkpointed = resumed;
      this.loadedFrom = 'checkpoint';
      this.logger.info({ ms: Date.now() - started }, 'search index resumed from its checkpoint');
    } else {
      await this.loadEverything();
      this.loadedFrom = 'documents';
      this.logger.info({ ms: Date.now() - started }, 'search index built from every document');
    }
    this.following = this.follow();
  }

  private async loadEverything(): Promise<void> {
    // The stream's position first: changes made during the load are applied again after it.
    this.streamId = await this.store.latestChange();
    const change = this.streamId;
    for await (const docs of this.store.everyDocument()) {
      await this.engine.apply(await this.entriesOf(docs, () => change));
    }
  }

  private async entriesOf(docs: SearchDocument[], changeOf: (key: string) => string): Promise<IndexEntry[]> {
    const withTranscript = docs.filter((doc) => doc.kind === 'episode' && doc.transcriptRevision !== null);
    const cues = await this.store.cuesOf(withTranscript.map((doc) => doc.id));
    const cuesById = new Map<string, Cue[] | null>(withTranscript.map((doc, n) => [doc.id, cues[n] ?? null]));
    return docs.map((doc) => {
      const key = `${doc.kind}:${doc.id}`;
      return { key, doc, cues: cuesById.get(doc.id) ?? null, change: changeOf(key) };
    });
  }

  private async follow(): Promise<void> {
    while (!this.stopped) {
      try {
        const changes = await this.store.changesAfter(this.reader, this.streamId, BATCH, BLOCK_MS);
        const last = changes.at(-1);
        if (!last) continue;
        // Each key once, with its newest change in the batch.
        const changeOfKey = new Map(changes.map((change) => [change.key, change.streamId]));
        const keys = [...changeOfKey.keys()];
        const changeOf = (key: string) => changeOfKey.get(key) ?? last.streamId;
        const docs = await this.store.many(keys);
        const present = await this.entriesOf(
          docs.filter((doc): doc is SearchDocument => doc !== null),
          changeOf,
        );
        const byKey = new Map(present.map((entry) => [entry.key, entry]));
        await this.engine.apply(
          keys.map((key) => byKey.get(key) ?? { key, doc: null, cues: null, change: changeOf(key) }),
        );
        this.streamId = last.streamId;
      } catch (err) {
        if (this.stopped) return;
        this.logger.warn({ err }, 'search index could not follow its changes; retrying');
        await new Promise((resolve) => setTimeout(resolve, BLOCK_MS));
      }
    }
  }

  /** Records a checkpoint if anything was applied since the last one. */
  async saveCheckpoint(): Promise<void> {
    if (this.checkpointed === this.streamId) return;
    const streamId = this.streamId;
    await this.engine.checkpoints.save(streamId);
    this.checkpointed = streamId;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.reader.disconnect();
    await this.following;
    await this.saveCheckpoint().catch((err: unknown) =>
      this.logger.warn({ err }, 'search checkpoint not recorded'),
    );
  }
}
