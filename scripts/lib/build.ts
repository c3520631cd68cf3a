import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, run } from './run';

/** Newest modification time of anything under the given paths (files or folders). */
function newestChange(paths: string[]): number {
  let newest = 0;
  const visit = (entry: string) => {
    if (!existsSync(entry)) return;
    const stat = statSync(entry);
    if (stat.isDirectory()) readdirSync(entry).forEach((name) => visit(path.join(entry, name)));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  paths.forEach(visit);
  return newest;
}

/** Compiles every Node package (incremental, so a second run takes seconds) and type-checks them. */
export async function buildServices(): Promise<void> {
  await run('npx', ['tsc', '-b']);
}

/** Builds the web app when its sources changed since the last build, or always when asked. */
export async function buildWeb(force = false): Promise<void> {
  const web = path.join(REPO_ROOT, 'web');
  const built = path.join(web, 'dist', 'index.html');
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'tsconfig.json'].map(
    (p) => path.join(web, p),
  );
  if (!force && existsSync(built) && statSync(built).mtimeMs >= newestChange(sources)) return;
  await run('npm', ['run', 'build', '-w', 'web']);
}
