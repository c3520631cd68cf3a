import { createHash } from 'node:crypto';

// The namespace the Podcasting 2.0 spec fixes for `podcast:guid` (a UUIDv5 of the feed URL).
const NAMESPACE = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6';

/** `podcast:guid` for a feed URL: UUIDv5 of the URL without its scheme and trailing slashes. */
export function podcastGuid(feedUrl: string): string {
  const name = feedUrl.replace(/^[a-z]+:\/\//i, '').replace(/\/+$/, '');
  const hash = createHash('sha1')
    .update(Buffer.from(NAMESPACE.replace(/-/g, ''), 'hex'))
    .update(name)
    .digest();
  // RFC 4122 version 5, variant 1: a SHA-1 digest always has these bytes.
  hash.writeUInt8((hash.readUInt8(6) & 0x0f) | 0x50, 6);
  hash.writeUInt8((hash.readUInt8(8) & 0x3f) | 0x80, 8);
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
