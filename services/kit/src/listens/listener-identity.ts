import { listenerAddress } from '@podz/proto';
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
 * is counted under. Nothing of the address is kept.
 */
export class ListenerIdentity {
  constructor(
    private readonly salts: Pick<ListenerSalts, 'of'>,
    private readonly countries: CountryTable | null,
  ) {}

  async of(req: DirectRequest, at: Date): Promise<ListenerFacts> {
    const heard = arrival(req);
    const ip = clientAddress(heard.peer, heard.forwardedFor);
    const { daySalt } = await this.salts.of(at.getTime());
    return {
      listener: listenerHash(daySalt, listenerAddress(ip), heard.ua),
      country: this.countries?.countryOf(ip) ?? null,
      userAgent: heard.ua,
    };
  }
}
