import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { matchRoute, type HttpMethod } from '@podz/proto';

export interface PathFront {
  url: string;
  stop(): Promise<void>;
}

/**
 * One address in front of catalog and media for the suites that exercise both, as a client sees
 * them through the gateway: each request goes, untouched (method, headers, body, answer), to the
 * service proto's route table gives its path to; anything the table does not list goes to
 * catalog. Nothing else of the gateway (no edge cache, no access check, no headers added): the
 * answers are each service's own.
 */
export async function startPathFront(upstreams: { catalog: string; media: string }): Promise<PathFront> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const match = matchRoute((req.method ?? 'GET') as HttpMethod, path);
    const target = new URL(
      req.url ?? '/',
      match && 'route' in match && match.route.service === 'media' ? upstreams.media : upstreams.catalog,
    );
    const forwarded = http.request(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(res);
    });
    forwarded.on('error', (err) => res.destroy(err));
    res.on('close', () => forwarded.destroy());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
