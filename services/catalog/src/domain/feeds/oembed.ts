import { notFound } from '@podz/kit';
import { EMBED_SIZES, type Oembed, type OembedQuery } from '@podz/proto';
import type { CatalogDeps } from '../catalog-deps';
import { visibleEpisode } from '../episodes/episode-queries';

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const EPISODE_PAGE = /^\/shows\/([^/]+)\/([0-9a-f]{24})\/?$/;
const SHOW_PAGE = /^\/shows\/([^/]+)\/?$/;

/**
 * `GET /oembed`: what a CMS or a chat shows for a link to a public episode or show page of this
 * network: the embeddable player as an `<iframe>`, sized within `maxwidth`/`maxheight`. A link
 * elsewhere, or to anything not public, is a 404.
 */
export async function oembedFor(
  deps: Pick<CatalogDeps, 'config' | 'episodes' | 'podcasts'>,
  query: OembedQuery,
): Promise<Oembed> {
  const origin = deps.config.PUBLIC_ORIGIN.replace(/\/$/, '');
  let page: URL;
  try {
    page = new URL(query.url);
  } catch {
    throw notFound('PODZ page');
  }
  if (page.origin !== new URL(origin).origin) throw notFound('PODZ page');
  let path: string;
  try {
    path = decodeURIComponent(page.pathname);
  } catch {
    throw notFound('PODZ page');
  }
  const episodeMatch = EPISODE_PAGE.exec(path);
  const showMatch = episodeMatch ? null : SHOW_PAGE.exec(path);
  if (episodeMatch?.[2]) {
    const { episode, podcast } = await visibleEpisode(deps, undefined, episodeMatch[2]);
    const start = page.searchParams.get('t');
    const src = `${origin}/embed/episodes/${episode.id}${start ? `?t=${encodeURIComponent(start)}` : ''}`;
    return answer(
      {
        origin,
        src,
        title: episode.title,
        showName: podcast.name,
        showUrl: `${origin}/shows/${podcast.uId}`,
      },
      { thumbnail: episode.image ?? podcast.logoPath, size: EMBED_SIZES.episode, query },
    );
  }
  if (showMatch?.[1]) {
    const podcast = await deps.podcasts.findByName(showMatch[1]);
    if (!podcast || podcast.status !== 'published') throw notFound('PODZ page');
    return answer(
      {
        origin,
        src: `${origin}/embed/shows/${podcast.uId}`,
        title: podcast.name,
        showName: podcast.name,
        showUrl: `${origin}/shows/${podcast.uId}`,
      },
      { thumbnail: podcast.logoPath, size: EMBED_SIZES.show, query },
    );
  }
  throw notFound('PODZ page');
}

function answer(
  page: { origin: string; src: string; title: string; showName: string; showUrl: string },
  {
    thumbnail,
    size,
    query,
  }: { thumbnail: string; size: { width: number; height: number }; query: OembedQuery },
): Oembed {
  const width = Math.min(size.width, query.maxwidth ?? size.width);
  const height = Math.min(size.height, query.maxheight ?? size.height);
  const html =
    `<iframe src="${escapeHtml(page.src)}" width="${width}" height="${height}" ` +
    `title="${escapeHtml(`${page.title} on PODZ`)}" frameborder="0" loading="lazy" allow="autoplay"></iframe>`;
  return {
    version: '1.0',
    type: 'rich',
    provider_name: 'PODZ',
    provider_url: page.origin,
    title: page.title,
    author_name: page.showName,
    author_url: page.showUrl,
    html,
    width,
    height,
    thumbnail_url: thumbnail.startsWith('/') ? `${page.origin}${thumbnail}` : thumbnail,
    cache_age: 3600,
  };
}
