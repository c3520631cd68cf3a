// `npm run docs:services`: writes docs/services.md, each service's rooms and what each file is
// for, from the comment the file opens with (the first sentence of its first doc comment).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const ROOMS = ['', 'http', 'consumers', 'domain', 'data'];

// The files every service has, said once.
const STANDARD: Record<string, string> = {
  'main.ts': 'The entry point: loads the config and runs the service until a signal stops it',
  'config.ts': 'The configuration, one zod schema read once from the environment',
};

function summary(file: string): string {
  const standard = STANDARD[path.basename(file)];
  if (standard && path.basename(path.dirname(file)) === 'src') return standard;
  const text = readFileSync(file, 'utf8');
  // The comment on the first export says what the file is for; else the file's first doc comment.
  const doc =
    /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*\nexport/.exec(text)?.[1] ?? /\/\*\*\s*([\s\S]*?)\*\//.exec(text)?.[1];
  const comment = doc
    ? doc
        .replace(/\s*\n\s*\*\s?/g, ' ')
        .replace(/^\*\s*/, '')
        .trim()
    : (/^\/\/ (.*)$/m.exec(text)?.[1] ?? '');
  const first = comment.split(/(?<=[.:;])\s/)[0] ?? '';
  return first.replace(/[.:;]$/, '').replace(/\|/g, '\\|');
}

function filesOf(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .filter((name) => statSync(path.join(dir, name)).isFile())
    .sort();
}

const lines = [
  '# The services, room by room',
  '',
  'Every service has the same rooms ([development.md](development.md#how-a-service-is-laid-out)).',
  'This map says what each file is for, from the comment it opens with. It is written by',
  '`npm run docs:services`; run it again after files move.',
  '',
];
const services = readdirSync(path.join(ROOT, 'services')).filter(
  (name) => !['kit', 'read-models'].includes(name) && existsSync(path.join(ROOT, 'services', name, 'src')),
);
for (const service of services.sort()) {
  const src = path.join(ROOT, 'services', service, 'src');
  const others = readdirSync(src)
    .filter((name) => statSync(path.join(src, name)).isDirectory() && !ROOMS.includes(name))
    .sort();
  lines.push(`## ${service}`, '', '| room | file | what it is for |', '|---|---|---|');
  // A room split by sub-domain (catalog's `domain/shows/`) is listed folder by folder after its top.
  const withSubRooms = (room: string): string[] => {
    const dir = path.join(src, room);
    if (!room || !existsSync(dir)) return [room];
    const subRooms = readdirSync(dir)
      .filter((name) => statSync(path.join(dir, name)).isDirectory())
      .sort()
      .map((name) => `${room}/${name}`);
    return [room, ...subRooms];
  };
  for (const room of [...ROOMS, ...others].flatMap(withSubRooms)) {
    const dir = path.join(src, room);
    if (!existsSync(dir)) continue;
    for (const file of filesOf(dir)) {
      lines.push(`| ${room || '(top)'} | \`${file}\` | ${summary(path.join(dir, file))} |`);
    }
  }
  lines.push('');
}
writeFileSync(path.join(ROOT, 'docs', 'services.md'), lines.join('\n'));
console.log(`docs/services.md: ${services.length} services`);
