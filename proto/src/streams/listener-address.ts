/**
 * The address a listener is known by (IAB v2.3): an IPv4 address whole, an IPv6 address cut to its
 * first 64 bits (one household's network, `2001:0db8:0001:0002::/64`), an IPv4-mapped IPv6 address
 * as the IPv4 it maps. The listen records carry only a keyed hash of this and the user agent.
 */
export function listenerAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped) return mapped;
  if (!ip.includes(':')) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, 4 hex digits each (`::`, a zone and an IPv4 tail resolved). */
export function expandIPv6(ip: string): string[] {
  let address = ip.toLowerCase().replace(/%.*$/, '');
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  if (tail) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.slice(1).map(Number);
    address = `${address.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const missing = rest === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => group.padStart(4, '0'));
}
