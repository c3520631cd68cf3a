import { listenerAddress } from '@podz/proto';
import { MinuteMemo } from '../cache/minute-memo';
import { clientAddress } from '../http/client-address';
import type { DirectRequest } from '../http/direct-request';
import type { CountryTable } from './country-of';
import { listenerHash, type ListenerSalts } from './listener-hash';
import { arrival } from './record-listens';

/** Who is downloading, as the listen records will say: the day's listener hash and the country. */
export interface ListenerFacts {
  listener: string;
  country: string | null;
  /** The user agent as the records keep it. */
  userAgent: string;
}

/**
 * The listener a request is, worked out on the request's own path exactly as the listen records
 * work it out later, a batch at a time (`prepareListens`: the same arrival, address rule, salts and
 * table), so a decision kept for a listener (media's inserted audio) is the one their listen record
 * is counted under. A podcast app's download is a burst of ranged requests: what one worked out is
 * kept for the next for a minute or two (`MinuteMemo`), under the headers it came from, and then
 * forgotten with them.
 */
export class ListenerIdentity {
  private readonly recent = new MinuteMemo<ListenerFacts>(20_000);

  constructor(
    private readonly salts: Pick<ListenerSalts, 'of'>,
    private readonly countries: CountryTable | null,
  ) {}

  async of(req: DirectRequest, at: Date): Promise<ListenerFacts> {
    const heard = arrival(req);
    const key = `${Math.floor(at.getTime() / DAY_MS)}\n${heard.peer}\n${heard.forwardedFor}\n${heard.ua}`;
    const known = this.recent.get(key);
    if (known) return known;
    const ip = clientAddress(heard.peer, heard.forwardedFor);
    const { daySalt } = await this.salts.of(at.getTime());
    const facts = {
      listener: listenerHash(daySalt, listenerAddress(ip), heard.ua),
      country: this.countries?.countryOf(ip) ?? null,
      userAgent: heard.ua,
    };
    this.recent.set(key, facts);
    return facts;
  }
}

const DAY_MS = 86_400_000;
