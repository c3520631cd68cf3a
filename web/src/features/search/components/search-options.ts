import type { Highlight, SearchResults } from '@podz/proto';
import { paths } from '../../../config/paths';
import { startTimeParam } from '../../../lib/start-time';

/** One suggestion or result link: what it is called (marked), a line under it, where it goes. */
export interface SearchOption {
  key: string;
  group: 'Shows' | 'Episodes' | 'People';
  label: Highlight;
  detail: string;
  image: string | null;
  href: string;
}

/**
 * What a result that is not public says first ("Draft · "): such results reach only the people who
 * manage them, and must not be mistaken for what listeners see.
 */
export function statusNote(status: string): string {
  return status === 'published' ? '' : `${status.charAt(0).toUpperCase()}${status.slice(1)} · `;
}

/** Where an episode hit leads: its page, at the transcript's moment when that is what matched. */
export function episodeHref(hit: SearchResults['episodes']['items'][number]): string {
  const page = paths.episode.href(hit.show.uId, hit.id);
  return hit.transcript ? `${page}?t=${startTimeParam(hit.transcript.startSeconds)}` : page;
}

/** Every hit of an answer as a link, shows first, then episodes, then people. */
export function optionsOf(results: SearchResults): SearchOption[] {
  return [
    ...results.shows.items.map((hit) => ({
      key: `show-${hit.id}`,
      group: 'Shows' as const,
      label: hit.name,
      detail: `${statusNote(hit.status)}${hit.category}`,
      image: hit.logoPath,
      href: paths.show.href(hit.uId),
    })),
    ...results.episodes.items.map((hit) => ({
      key: `episode-${hit.id}`,
      group: 'Episodes' as const,
      label: hit.title,
      detail: `${statusNote(hit.status)}${hit.show.name}`,
      image: hit.show.logoPath,
      href: episodeHref(hit),
    })),
    ...results.people.items.map((hit) => ({
      key: `person-${hit.id}`,
      group: 'People' as const,
      label: hit.name,
      detail: 'Person',
      image: hit.profilePicture,
      href: paths.person.href(hit.username),
    })),
  ];
}
