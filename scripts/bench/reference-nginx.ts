// nginx (Debian's) serving the bytes PODZ serves, as the bench's reference server: the audio file
// with ranges, a static copy of a feed with its ETag (`If-None-Match` answered 304). The byte path's
// goals are ratios to what it costs nginx, measured in the same run with the same load generator,
// so they mean the same on a fast hour, a slow one, or another machine.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../services/kit/src/testing';
import { cpuSeconds } from './bench-kit';

const REPO_ROOT = path.resolve(__dirname, '..', '..');

export interface ReferenceServer {
  /** Where each file given is served: `${url}/${name}`. */
  url: string;
  /** CPU seconds nginx's master and workers have used so far. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

/** Installs nginx from Debian when it is missing (as `npm test` does Chromium), and answers its path. */
function nginxBinary(): string {
  const ensured = spawnSync('bash', [path.join(REPO_ROOT, 'scripts', 'ensure-debian.sh'), 'nginx', 'nginx'], {
    stdio: 'inherit',
  });
  if (ensured.status !== 0)
    throw new Error('nginx is not installed and could not be (scripts/ensure-debian.sh)');
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) {
    if (spawnSync(candidate, ['-v']).status === 0) return candidate;
  }
  return 'nginx';
}

/** The processes whose parent is `pid` (nginx's workers under its master). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // The process ended while being read.
    }
  }
  return children;
}

/**
 * As Debian ships it, tuned as a site serving static files would be: `sendfile`, no access log,
 * long keep-alive, one worker per core.
 */
function config(dir: string, port: number, types: Record<string, string>): string {
  const temp = (name: string) => path.join(dir, 'temp', name);
  return `worker_processes auto;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  types { ${Object.entries(types)
    .map(([ext, type]) => `${type} ${ext};`)
    .join(' ')} }
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  keepalive_timeout 65s;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  server {
    listen 127.0.0.1:${port};
    root ${path.join(dir, 'www')};
    etag on;
  }
}
`;
}

/** Starts nginx serving `files` (name → bytes) from a folder of its own, removed at `stop`. */
export async function startNginx(files: Record<string, Buffer | string>): Promise<ReferenceServer> {
  const binary = nginxBinary();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'podz-bench-nginx-'));
  // Readable by the workers, which drop to an unprivileged user when started as root.
  chmodSync(dir, 0o755);
  mkdirSync(path.join(dir, 'www'), { mode: 0o755 });
  mkdirSync(path.join(dir, 'temp'));
  for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(dir, 'www', name), bytes);
  const port = await freePort();
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    config(dir, port, { wav: 'audio/wav', mp3: 'audio/mpeg', xml: 'application/rss+xml' }),
  );
  const nginx: ChildProcess = spawn(
    binary,
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  nginx.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited (${nginx.exitCode}): ${stderr.trim()}`);
    const up = await fetch(`${url}/${Object.keys(files)[0]}`, { method: 'HEAD' }).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer on ${url}: ${stderr.trim()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const master = nginx.pid!;
  return {
    url,
    cpuSeconds: () => [master, ...childrenOf(master)].reduce((sum, pid) => sum + cpuSeconds(pid), 0),
    stop: async () => {
      if (nginx.exitCode === null) {
        const exited = new Promise((resolve) => nginx.once('exit', resolve));
        // SIGQUIT: nginx's graceful stop, workers finishing what they serve.
        nginx.kill('SIGQUIT');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
