import { SITE_PLAYER_PARAM, type Episode } from '@podz/proto';

/** What the site-wide player needs of an episode to play it and say what it plays. */
export interface PlayerItem {
  episodeId: string;
  title: string;
  showName: string;
  /** The show's name in its page's URL. */
  showUId: string;
  showId: string;
  image: string;
  audioUrl: string;
  /** Seconds, as the catalog knows it; the audio's own once it is loaded. */
  duration: number;
  premium: boolean;
}

export function playerItemOf(episode: Episode): PlayerItem {
  return {
    episodeId: episode.id,
    title: episode.title,
    showName: episode.show.name,
    showUId: episode.show.uId,
    showId: episode.show.id,
    image: episode.image ?? episode.show.logoPath,
    audioUrl: episode.audio.url,
    duration: episode.audio.durationSeconds,
    premium: episode.listening === 'premium',
  };
}

/**
 * The audio as the site's players ask for it: the network's own files carry `?player=podz-web`,
 * so analytics counts these listeners as the app "PODZ web" rather than as their browser.
 */
export function sitePlayerSource(url: string): string {
  if (!url.startsWith('/media/audio/')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${SITE_PLAYER_PARAM.name}=${SITE_PLAYER_PARAM.value}`;
}
