// `npm run bench -- --docs`: the run's table of goals goes into docs/performance.md, between the
// markers for its number of instances, with the machine and the commit it ran on. The table in the
// docs is then always one the bench printed, never one typed by hand.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { table, type Figure } from './bench-kit';

const DOC = path.resolve(__dirname, '..', '..', 'docs', 'performance.md');

const marker = (instances: number, end: boolean) =>
  `<!-- bench table, ${instances} instance${instances > 1 ? 's' : ''} of each process: ${end ? 'end' : 'start'} -->`;

function commit(): string {
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
  try {
    const dirty = git('status', '--porcelain', '--untracked-files=no') ? ' with changes not committed' : '';
    return `${git('rev-parse', '--short', 'HEAD')}${dirty}`;
  } catch {
    return 'unknown';
  }
}

/** The machine a run was on: cores, their model, memory, Node. */
export function machine(): string {
  const cpus = os.cpus();
  const memory = Math.round(os.totalmem() / 1024 ** 3);
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown'}), ${memory} GiB, Node ${process.versions.node}`;
}

/** Replaces the table for `instances` in docs/performance.md; answers the file's path. */
export function writeFiguresDoc(
  runs: Figure[][],
  run: { command: string; instances: number; network: string; store: string },
): string {
  const start = marker(run.instances, false);
  const end = marker(run.instances, true);
  const doc = readFileSync(DOC, 'utf8');
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < from)
    throw new Error(`${DOC} has no markers for ${run.instances} instance(s): ${start}`);
  // The goals, and the network's day.
  const goals = table(runs, {
    keep: (row) => row.goal !== undefined || row.name.startsWith("network's day: largest"),
    missed: '**missed**',
  });
  const day = new Date().toISOString().slice(0, 10);
  const body = [
    start,
    `\`${run.command}\` on ${day}, commit ${commit()}; ${machine()}; ${run.network}; ${run.store}.`,
    '',
    goals,
    end,
  ].join('\n');
  writeFileSync(DOC, doc.slice(0, from) + body + doc.slice(to + end.length));
  return DOC;
}
