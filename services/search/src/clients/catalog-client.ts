import {
  EPISODES_BY_IDS_MAX,
  type Episode,
  type EpisodesByIds,
  type Paginated,
  type Podcast,
} from '@podz/proto';
import type { Cue } from '../data/search-document';
import { ServiceReader } from './service-reader';

/** The Podcast Namespace's JSON transcript, as catalog serves it. */
interface JsonTranscript {
  segments: { startTime: number; body: string }[];
}

const PAGE = 100;

/** What search reads of catalog: public shows and episodes, and transcripts' cues. */
export class CatalogClient {
  private readonly reader: ServiceReader;

  /** The owner's base URL, or its instances'. */
  constructor(baseUrls: string | readonly string[]) {
    this.reader = new ServiceReader(baseUrls);
  }

  show(id: string): Promise<Podcast | null> {
    return this.reader.get<Podcast>(`/api/podcasts/${id}`);
  }

  episode(id: string): Promise<Episode | null> {
    return this.reader.get<Episode>(`/api/episodes/${id}`);
  }

  /**
   * The public ones of these episodes by id, a hundred a read; null when catalog does not know the
   * read (an older instance during an upgrade), so the caller can go one by one.
   */
  async episodes(ids: readonly string[]): Promise<Map<string, Episode> | null> {
    const found = new Map<string, Episode>();
    for (let at = 0; at < ids.length; at += EPISODES_BY_IDS_MAX) {
      const chunk = ids.slice(at, at + EPISODES_BY_IDS_MAX);
      const answer = await this.reader.get<EpisodesByIds>(`/api/episodes/by-ids?ids=${chunk.join(',')}`);
      if (!answer) return null;
      for (const episode of answer.items) found.set(episode.id, episode);
    }
    return found;
  }

  async cues(jsonUrl: string): Promise<Cue[]> {
    const transcript = await this.reader.get<JsonTranscript>(jsonUrl);
    return (transcript?.segments ?? []).map((segment) => [segment.startTime, segment.body]);
  }

  /** A show's public episodes, a page at a time (none while the show is not public). */
  async *episodesOfShow(showId: string): AsyncGenerator<Episode[]> {
    for (let page = 1; ; page += 1) {
      const answer = await this.reader.get<Paginated<Episode>>(
        `/api/episodes/podcast-episodes?podcastId=${showId}&page=${page}&limit=${PAGE}`,
      );
      if (!answer || answer.items.length === 0) return;
      yield answer.items;
      if (page >= answer.totalPages) return;
    }
  }

  /** Every public show, a page at a time (the rebuild). */
  async *everyShow(): AsyncGenerator<Podcast[]> {
    for (let page = 1; ; page += 1) {
      const answer = await this.reader.get<Paginated<Podcast>>(
        `/api/podcasts/all-podcasts?page=${page}&limit=${PAGE}`,
      );
      if (!answer || answer.items.length === 0) return;
      yield answer.items;
      if (page >= answer.totalPages) return;
    }
  }
}
