// Run by the search bench in a process of its own (`node --expose-gc --import tsx`): builds an
// embedded index from every document in a deployment's store, as an instance does at start, and
// prints what the index holds in the heap once garbage is collected, apart from everything else a
// service process carries. Arguments: the Redis URL, the store's prefix.
import { Redis } from 'ioredis';
import { DocumentStore } from '../../services/search/src/data/document-store';
import { EmbeddedIndex } from '../../services/search/src/data/embedded-index';

const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error('run with --expose-gc');

async function main() {
  const [url, prefix] = process.argv.slice(2);
  if (!url || !prefix) throw new Error('usage: search-index-memory <redis url> <store prefix>');
  const redis = new Redis(url);
  const store = new DocumentStore(redis, prefix);
  collect?.();
  const before = process.memoryUsage().heapUsed;
  const index = new EmbeddedIndex();
  let documents = 0;
  for await (const docs of store.everyDocument()) {
    const withTranscript = docs.filter((doc) => doc.kind === 'episode' && doc.transcriptRevision !== null);
    const cues = await store.cuesOf(withTranscript.map((doc) => doc.id));
    const cuesById = new Map(withTranscript.map((doc, n) => [doc.id, cues[n] ?? null]));
    await index.apply(
      docs.map((doc) => ({
        key: `${doc.kind}:${doc.id}`,
        doc,
        cues: cuesById.get(doc.id) ?? null,
        change: '0-0',
      })),
    );
    documents += docs.length;
  }
  collect?.();
  const heapMb = (process.memoryUsage().heapUsed - before) / 1e6;
  process.stdout.write(`${JSON.stringify({ documents, heapMb, indexed: index.documentCount })}\n`);
  redis.disconnect();
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err)}\n`);
  process.exit(1);
});
