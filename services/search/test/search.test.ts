import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { searchSuite } from './support/search-suite';

// The embedded engine: each instance its own index, and its own snapshot directory.
const snapshotDirs = [
  mkdtempSync(path.join(tmpdir(), 'podz-search-a-')),
  mkdtempSync(path.join(tmpdir(), 'podz-search-b-')),
];

searchSuite({
  name: 'embedded',
  env: (_database, n) => ({ SEARCH_ENGINE: 'embedded', SEARCH_SNAPSHOT_DIR: snapshotDirs[n] ?? '' }),
});
