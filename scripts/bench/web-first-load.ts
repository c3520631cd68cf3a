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

type Manifest = Record<string, ManifestEntry>;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** The gzip size of an HTML page of the build with every chunk and style its entries import. */
function pageLoad(manifest: Manifest, html: string, starts: string[], print: (line: string) => void) {
  if (!manifest[html]?.isEntry) throw new Error(`the build manifest has no entry ${html}`);
  const files = new Set<string>([html]);
  for (const start of starts) staticClosure(manifest, start, files);
  let raw = 0;
  let gzip = 0;
  const rows = [...files].map((file) => {
    const bytes = readFileSync(path.join(DIST, file));
    const zipped = gzipSync(bytes, { level: 9 }).length;
    raw += bytes.length;
    gzip += zipped;
    return { file, raw: bytes.length, gzip: zipped };
  });
  print(`First load of ${html} (production build):`);
  for (const row of rows.sort((a, b) => b.gzip - a.gzip)) {
    print(`  ${row.file.padEnd(44)} ${kb(row.raw).padStart(10)} ${kb(row.gzip).padStart(10)} gzip`);
  }
  print(`  ${'total'.padEnd(44)} ${kb(raw).padStart(10)} ${kb(gzip).padStart(10)} gzip`);
  return { files, gzipBytes: gzip };
}

/** The web app's production build, once per bench however many runs read it. */
let built: Promise<void> | undefined;
export function buildWebOnce(): Promise<void> {
  built ??= buildWeb(true);
  return built;
}

/**
 * The gzip size of everything the first view of `/` downloads in the production build, and of the
 * embeddable player's page (`embed.html`), which other sites frame.
 */
export async function firstLoad(
  print: (line: string) => void,
): Promise<{ gzipBytes: number; embedGzipBytes: number }> {
  await buildWebOnce();
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const app = pageLoad(manifest, 'index.html', ['index.html', HOME_ROUTE], print);
  const lazy = Object.values(manifest).filter((entry) => !app.files.has(entry.file)).length;
  print(`  (${lazy} more chunks load on demand, one or a few per route)`);
  const embed = pageLoad(manifest, 'embed.html', ['embed.html'], print);
  return { gzipBytes: app.gzipBytes, embedGzipBytes: embed.gzipBytes };
}
