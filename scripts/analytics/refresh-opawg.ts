/**
 * Refreshes the vendored OPAWG user-agent lists (services/kit/vendor/opawg) from GitHub:
 * `npm run analytics:opawg -- [ref]`. Writes the runtime files, the licence and the version note.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

const REPOSITORY = 'opawg/user-agents-v2';
const FILES = ['bots', 'apps', 'libraries', 'browsers', 'devices', 'referrers'];
const target = path.resolve(__dirname, '..', '..', 'services', 'kit', 'vendor', 'opawg');

async function get(url: string): Promise<string> {
  const response = await fetch(url, { headers: { 'user-agent': 'podz-opawg-refresh' } });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  return response.text();
}

async function main() {
  const ref = process.argv[2] ?? 'main';
  const commit = JSON.parse(await get(`https://api.github.com/repos/${REPOSITORY}/commits/${ref}`)) as {
    sha: string;
    commit: { committer: { date: string }; message: string };
  };
  const raw = (file: string) => get(`https://raw.githubusercontent.com/${REPOSITORY}/${commit.sha}/${file}`);
  for (const name of FILES) {
    const text = await raw(`build/${name}.runtime.json`);
    const entries = (JSON.parse(text) as { entries: { pattern: string }[] }).entries;
    for (const entry of entries) new RegExp(entry.pattern); // a pattern JavaScript cannot read stops here
    await writeFile(path.join(target, `${name}.json`), text);
    console.log(`${name}: ${entries.length} patterns`);
  }
  await writeFile(path.join(target, 'LICENSE'), await raw('LICENSE'));
  const note = path.join(target, 'SOURCE.md');
  const { readFile } = await import('node:fs/promises');
  const previous = await readFile(note, 'utf8');
  const day = commit.commit.committer.date.slice(0, 10);
  const subject = commit.commit.message.split('\n')[0];
  await writeFile(
    note,
    previous.replace(/^- Version: .*$/m, `- Version: commit \`${commit.sha}\` (${day}, "${subject}").`),
  );
  console.log(`vendored ${REPOSITORY}@${commit.sha}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
