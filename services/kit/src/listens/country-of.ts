import { readFileSync } from 'node:fs';
import { isIPv4, isIPv6 } from 'node:net';
import { expandIPv6 } from '@podz/proto';

/**
 * Country by address, from the registries' delegation data (the NRO's whois and geofeeds as
 * compiled in `@ip-location-db/geo-whois-asn-country`, CC0 / CC BY 4.0): ranges sorted by start,
 * looked up by binary search. IPv6 is kept to its first 64 bits, the part a listener is known by.
 * Country-level only and as good as the registries' records: an address whose range is not listed
 * (private, reserved, unknown) has no country.
 */
export class CountryTable {
  private constructor(
    private readonly v4Starts: Uint32Array,
    private readonly v4Ends: Uint32Array,
    private readonly v4Codes: Uint16Array,
    private readonly v6Starts: BigUint64Array,
    private readonly v6Ends: BigUint64Array,
    private readonly v6Codes: Uint16Array,
  ) {}

  /**
   * Reads the package's two numeric CSV files at once (about 0.3 s, at start, before the service
   * takes requests): a record never waits for the table, so a crash right after a start loses no
   * more than at any other time.
   */
  static read(directory: string): CountryTable {
    const v4 = { starts: [] as number[], ends: [] as number[], codes: [] as number[] };
    for (const [start, end, code] of rows(`${directory}/geo-whois-asn-country-ipv4-num.csv`)) {
      v4.starts.push(Number(start));
      v4.ends.push(Number(end));
      v4.codes.push(codeNumber(code));
    }
    const v6 = { starts: [] as bigint[], ends: [] as bigint[], codes: [] as number[] };
    for (const [start, end, code] of rows(`${directory}/geo-whois-asn-country-ipv6-num.csv`)) {
      v6.starts.push(BigInt(start) >> 64n);
      v6.ends.push(BigInt(end) >> 64n);
      v6.codes.push(codeNumber(code));
    }
    return new CountryTable(
      Uint32Array.from(v4.starts),
      Uint32Array.from(v4.ends),
      Uint16Array.from(v4.codes),
      BigUint64Array.from(v6.starts),
      BigUint64Array.from(v6.ends),
      Uint16Array.from(v6.codes),
    );
  }

  /** `NL`, or null when the address is in no listed range. */
  countryOf(ip: string): string | null {
    const address = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1] ?? ip;
    if (isIPv4(address)) {
      const value = address.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
      return find(this.v4Starts, this.v4Ends, this.v4Codes, value);
    }
    if (isIPv6(address)) {
      const prefix = BigInt(`0x${expandIPv6(address).slice(0, 4).join('')}`);
      return find(this.v6Starts, this.v6Ends, this.v6Codes, prefix);
    }
    return null;
  }
}

function find<T extends number | bigint>(
  starts: ArrayLike<T>,
  ends: ArrayLike<T>,
  codes: Uint16Array,
  value: T,
): string | null {
  let low = 0;
  let high = starts.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const start = starts[middle];
    if (start !== undefined && start <= value) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  const end = ends[found];
  const code = codes[found];
  return end !== undefined && code !== undefined && value <= end ? codeString(code) : null;
}

const codeNumber = (code: string) => (code.charCodeAt(0) << 8) | code.charCodeAt(1);
const codeString = (code: number) => String.fromCharCode(code >> 8, code & 0xff);

function* rows(path: string): Generator<[string, string, string]> {
  for (const line of readFileSync(path, 'latin1').split('\n')) {
    const [start, end, code] = line.trim().split(',');
    if (start && end && code && /^[A-Z]{2}$/.test(code)) yield [start, end, code];
  }
}
