/**
 * Paths whose segments are credentials: a member's private feed is `/feeds/<token>/feed.xml`, and
 * whoever reads the logs must not be able to subscribe with it.
 */
const CREDENTIAL_SEGMENTS: [RegExp, string][] = [[/^\/feeds\/[^/]+/, '/feeds/[token]']];

/**
 * A request's URL as the logs may hold it: the path only (a query may carry tokens and signed
 * keys) with credential segments masked.
 */
export function loggablePath(url: string | undefined): string {
  let path = (url ?? '/').split('?', 1)[0] || '/';
  for (const [pattern, mask] of CREDENTIAL_SEGMENTS) path = path.replace(pattern, mask);
  return path;
}
