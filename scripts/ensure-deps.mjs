// Runs before `npm start` and `npm test` on any machine, with nothing but Node: installs the
// project's dependencies when they are missing or older than the lockfile. Plain JS on purpose,
// because on a fresh clone nothing else is installed yet.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lockfile = path.join(root, 'package-lock.json');
const installed = path.join(root, 'node_modules', '.package-lock.json');

const [major] = process.versions.node.split('.').map(Number);
if (major < 20) {
  console.error(`PODZ needs Node.js 20 or newer; this is ${process.version}.`);
  process.exit(1);
}

const stale = !existsSync(installed) || statSync(installed).mtimeMs < statSync(lockfile).mtimeMs;
if (stale) {
  // `npm install`, not `npm ci`: it keeps the lockfile's pinned versions, but unlike `npm ci` it
  // accepts a lockfile without other platforms' optional binaries (e.g. @swc/core-darwin-arm64),
  // which registries that only serve this platform's packages cannot let npm record.
  console.log('Installing dependencies (npm install, pinned by package-lock.json)…');
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
