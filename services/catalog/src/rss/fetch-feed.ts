import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpGet, type IncomingMessage } from 'node:http';
import { request as httpsGet } from 'node:https';
import { BlockList, isIP } from 'node:net';

export class FeedFetchError extends Error {}

// Where a server-side fetch must never go in production: loopback, private networks, link-local
// (cloud metadata services live there), carrier-grade NAT, multicast and unspecified addresses.
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/**
 * Whether an address is one a server-side fetch must not reach. IPv4-mapped IPv6 addresses
 * (`::ffff:10.0.0.1`) are judged by their IPv4 part; a `::ffff:0:0/96` rule cannot say that, since
 * BlockList then matches every IPv4 address against it.
 */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
  return blocked.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

export interface FetchFeedOptions {
  allowPrivate: boolean;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects?: number;
}

/**
 * Fetches a feed for import. The address check happens in the socket's own DNS lookup, so a name
 * that resolves to a private address (or is re-pointed to one between checks) is refused at
 * connect time; redirects are followed by hand and checked the same way.
 */
export async function fetchFeed(url: string, options: FetchFeedOptions): Promise<string> {
  let current = new URL(url);
  for (let hop = 0; hop <= (options.maxRedirects ?? 3); hop += 1) {
    if (!['http:', 'https:'].includes(current.protocol))
      throw new FeedFetchError('The feed URL must be http(s)');
    const res = await get(current, options);
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      current = new URL(res.headers.location, current);
      continue;
    }
    if (status !== 200) {
      res.resume();
      throw new FeedFetchError(`The feed server answered ${status}`);
    }
    return readBody(res, options.maxBytes);
  }
  throw new FeedFetchError('The feed URL redirects too many times');
}

function get(url: URL, options: FetchFeedOptions): Promise<IncomingMessage> {
  const guardedLookup = (
    hostname: string,
    lookupOptions: object,
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as LookupAddress[];
      if (!options.allowPrivate && list.some((entry) => isPrivateAddress(entry.address))) {
        return callback(Object.assign(new Error('private address'), { code: 'EPRIVATE' }), []);
      }
      const wantsAll = (lookupOptions as { all?: boolean }).all;
      if (wantsAll) return callback(null, list);
      const [first] = list;
      if (!first) return callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), []);
      return callback(null, first.address, first.family);
    });
  };
  return new Promise((resolve, reject) => {
    if (isIP(url.hostname.replace(/^\[|\]$/g, '')) && !options.allowPrivate) {
      if (isPrivateAddress(url.hostname.replace(/^\[|\]$/g, ''))) {
        reject(new FeedFetchError('The feed URL points to a private network address'));
        return;
      }
    }
    const send = url.protocol === 'https:' ? httpsGet : httpGet;
    const req = send(url, {
      method: 'GET',
      lookup: guardedLookup as never,
      headers: {
        'user-agent': 'PODZ feed importer',
        accept: 'application/rss+xml, application/xml, text/xml, */*',
      },
      timeout: options.timeoutMs,
    });
    req.on('response', resolve);
    req.on('timeout', () => req.destroy(new FeedFetchError('The feed server did not answer in time')));
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err instanceof FeedFetchError) reject(err);
      else if (err.code === 'EPRIVATE')
        reject(new FeedFetchError('The feed URL points to a private network address'));
      else reject(new FeedFetchError(`The feed could not be fetched (${err.code ?? err.message})`));
    });
    req.end();
  });
}

function readBody(res: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        res.destroy();
        reject(new FeedFetchError(`The feed is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`));
        return;
      }
      chunks.push(chunk);
    });
    res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    res.on('error', (err) => reject(new FeedFetchError(`The feed download failed (${err.message})`)));
  });
}
