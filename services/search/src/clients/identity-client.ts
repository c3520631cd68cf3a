import { PUBLIC_USER_TYPES, type Paginated, type PublicUser } from '@podz/proto';
import { ServiceReader } from './service-reader';

const PAGE = 100;

/** What search reads of identity: people's public profiles. */
export class IdentityClient {
  private readonly reader: ServiceReader;

  /** The owner's base URL, or its instances'. */
  constructor(baseUrls: string | readonly string[]) {
    this.reader = new ServiceReader(baseUrls);
  }

  user(id: string): Promise<PublicUser | null> {
    return this.reader.get<PublicUser>(`/api/users/${id}`);
  }

  /** Every public person (hosts, guests, crew), a page at a time; one may come under two types. */
  async *everyPerson(): AsyncGenerator<PublicUser[]> {
    for (const type of PUBLIC_USER_TYPES) {
      for (let page = 1; ; page += 1) {
        const answer = await this.reader.get<Paginated<PublicUser>>(
          `/api/users?userType=${type}&page=${page}&limit=${PAGE}`,
        );
        if (!answer || answer.items.length === 0) break;
        yield answer.items;
        if (page >= answer.totalPages) break;
      }
    }
  }
}
