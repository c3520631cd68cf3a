// What a visitor's browser downloads for the first view of `/`, from the
// production build: index.html, the entry chunk and everything it imports statically, the CSS,
// and the home route's chunk with its own static imports. Sizes raw and gzip-compressed (level 9,
// what a CDN or `compression` serves). Builds the web app first.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWeb } from '../lib/build';
import { REPO_ROOT } from '../lib/run';

interface ManifestEntry {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const DIST = path.join(REPO_ROOT, 'web', 'dist');
const HOME_ROUTE = 'src/app/routes/home.tsx';

function staticClosure(manifest: Record<string, ManifestEntry>, start: string, into: Set<string>): void {
  const entry = manifest[start];
  if (!entry || into.has(entry.file)) return;
  into.add(entry.file);
  entry.css?.forEach((css) => into.add(css));
  entry.imports?.forEach((key) => staticClosure(manifest, key, into));
}

/** Builds the web app and returns the gzip size of everything the first view of `/` downloads. */
export async function firstLoad(print: (line: string) => void): Promise<{ gzipBytes: number }> {
  await buildWeb(true);
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestEntry
  >;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('the build manifest names no entry');
  const files = new Set<string>(['index.html']);
  staticClosure(manifest, entryKey, files);
  staticClosure(manifest, HOME_ROUTE, files);

  let raw = 0;
  let gzip = 0;
  const rows = [...files].map((file) => {
    const bytes = readFileSync(path.join(DIST, file));
    const zipped = gzipSync(bytes, { level: 9 }).length;
    raw += bytes.length;
    gzip += zipped;
    return { file, raw: bytes.length, gzip: zipped };
  });
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  print('First load of / (production build):');
  for (const row of rows.sort((a, b) => b.gzip - a.gzip)) {
    print(`  ${row.file.padEnd(44)} ${kb(row.raw).padStart(10)} ${kb(row.gzip).padStart(10)} gzip`);
  }
  print(`  ${'total'.padEnd(44)} ${kb(raw).padStart(10)} ${kb(gzip).padStart(10)} gzip`);
  const lazy = Object.values(manifest).filter((entry) => !files.has(entry.file)).length;
  print(`  (${lazy} more chunks load on demand, one or a few per route)`);
  return { gzipBytes: gzip };
}
