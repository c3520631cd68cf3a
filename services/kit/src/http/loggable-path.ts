/**
 * Paths whose segments are credentials: a member's private feed is `/feeds/<token>/feed.xml`, an
 * advertiser's report `/advertiser-report/<token>` (its data `/api/analytics/reports/<token>`), and
 * whoever reads the logs must not be able to open them.
 */
const CREDENTIAL_SEGMENTS: [RegExp, string][] = [
  [/^\/feeds\/[^/]+/, '/feeds/[token]'],
  [/^\/advertiser-report\/[^/]+/, '/advertiser-report/[token]'],
  [/^\/api\/analytics\/reports\/[^/]+/, '/api/analytics/reports/[token]'],
];

/**
 * A request's URL as the logs may hold it: the path only (a query may carry tokens and signed
 * keys) with credential segments masked.
 */
export function loggablePath(url: string | undefined): string {
  let path = (url ?? '/').split('?', 1)[0] || '/';
  for (const [pattern, mask] of CREDENTIAL_SEGMENTS) path = path.replace(pattern, mask);
  return path;
}
