import type { IncomingHttpHeaders } from 'node:http';

export interface Validators {
  etag?: string | undefined;
  lastModified?: string | Date | undefined;
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/**
 * Whether a GET or HEAD may be answered 304, by RFC 9110 §13.2.2: If-None-Match decides when it
 * is present (weak comparison, `*` matches any current tag), If-Modified-Since only when it is not.
 * The request's own Cache-Control plays no part (§13.2.1): `fetch()` sends `no-cache` beside the
 * validators it holds, and Express's `req.fresh` (the `fresh` package) then always answers 200.
 */
export function notModified(headers: IncomingHttpHeaders, current: Validators): boolean {
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    if (!current.etag) return false;
    if (ifNoneMatch.trim() === '*') return true;
    const tag = opaque(current.etag);
    return ifNoneMatch.split(',').some((candidate) => opaque(candidate) === tag);
  }
  const ifModifiedSince = headers['if-modified-since'];
  if (ifModifiedSince === undefined || current.lastModified === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  const modified = new Date(current.lastModified).getTime();
  // Whole seconds: HTTP dates carry no milliseconds.
  return !Number.isNaN(since) && !Number.isNaN(modified) && Math.floor(modified / 1000) * 1000 <= since;
}
