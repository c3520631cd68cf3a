import type { Episode } from '@podz/proto';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Avatar } from '../../components/ui/avatar';
import { QueryState } from '../../components/ui/query-state';
import { paths } from '../../config/paths';
import { formatDate, formatDuration } from '../../lib/format';
import { startTimeOf } from '../../lib/start-time';
import { useEpisode, useEpisodeGuests, usePreviousEpisodes } from '../../features/shows/api/shows-api';
import { AudioPlayer } from '../../features/player/components/audio-player';
import { ChapterList } from '../../features/player/components/chapter-list';
import { ShareDialog } from '../../features/player/components/share-dialog';
import { SoundbiteList } from '../../features/player/components/soundbite-list';
import { TranscriptView } from '../../features/player/components/transcript-view';
import { usePlayback } from '../../features/player/use-playback';
import { EpisodeList } from '../../features/shows/components/episode-list';
import { usePremiumAccess } from '../../features/premium/api/premium-api';
import { PremiumTeaser } from '../../features/premium/components/premium-teaser';
import { useSession } from '../../stores/session-store';

/**
 * The episode itself: the player with its chapters, the show notes and the transcript, which all
 * follow one playback.
 */
function EpisodeBody({ item }: { item: Episode }) {
  const [searchParams] = useSearchParams();
  // A shared link may start part-way (`?t=1m30s`).
  const playback = usePlayback(item.audio.durationSeconds, startTimeOf(searchParams.get('t')), item.id);
  const [sharing, setSharing] = useState(false);
  const signedIn = useSession((state) => state.user !== undefined);
  const premium = item.listening === 'premium';
  const access = usePremiumAccess(item.podcast, premium && signedIn);
  // The media route decides who hears it; the page only spares the rest a player that would fail.
  const locked = premium && access.data?.entitled !== true;
  return (
    <article>
      <Link
        to={paths.show.href(item.show.uId)}
        className="flex items-center gap-3 text-sm font-semibold text-indigo-700"
      >
        <img src={item.show.logoPath} alt="" className="size-8 rounded" />
        {item.show.name}
      </Link>
      <h1 className="mt-3 text-3xl font-extrabold text-slate-900">{item.title}</h1>
      <div className="mt-1 flex flex-wrap items-center gap-3 text-sm text-slate-600">
        <p>
          {formatDate(item.publishedAt)} · {formatDuration(item.audio.durationSeconds)}
        </p>
        <button
          type="button"
          onClick={() => setSharing(true)}
          className="font-semibold text-indigo-700 underline hover:text-indigo-600"
        >
          Share
        </button>
      </div>
      {sharing && <ShareDialog episode={item} current={playback.current} onClose={() => setSharing(false)} />}
      <div className="mt-6">
        {locked ? (
          access.isPending && signedIn ? (
            <p className="text-sm text-slate-600">Checking your membership…</p>
          ) : (
            <PremiumTeaser plans={item.show.premium.plans} signedIn={signedIn} />
          )
        ) : (
          <AudioPlayer playback={playback} src={item.audio.url} title={item.title} chapters={item.chapters} />
        )}
      </div>
      {/* Show notes are rich text the catalog sanitized when they were saved. */}
      <div
        className="mt-6 space-y-3 text-slate-700 [&_a]:text-indigo-700 [&_a]:underline"
        dangerouslySetInnerHTML={{ __html: item.description }}
      />
      {item.soundbites.length > 0 && <SoundbiteList soundbites={item.soundbites} playback={playback} />}
      {item.chapters.length > 0 && <ChapterList chapters={item.chapters} playback={playback} />}
      {item.transcript && <TranscriptView transcript={item.transcript} playback={playback} />}
      <SupportLinks funding={item.show.funding} />
    </article>
  );
}

/**
 * Where listeners support the show (its feed's funding links, carried by the episode's answer so
 * the page asks for no show), or the network's pricing page.
 */
function SupportLinks({ funding }: { funding: Episode['show']['funding'] }) {
  return (
    <aside aria-label="Support the show" className="mt-8 rounded-lg bg-slate-50 p-4 text-sm text-slate-800">
      Enjoying it?{' '}
      {funding.length > 0 ? (
        funding.map((link, index) => (
          <span key={link.url}>
            {index > 0 && ' · '}
            <a
              href={link.url}
              rel="noopener noreferrer"
              target="_blank"
              className="font-semibold text-indigo-700 underline"
            >
              {link.title}
            </a>
          </span>
        ))
      ) : (
        <Link to={paths.pricing.href()} className="font-semibold text-indigo-700 underline">
          Support this show with a PODZ membership
        </Link>
      )}
    </aside>
  );
}

/** `/shows/{name}/{episodeId}`: the player, show notes, guests and earlier episodes, in parallel. */
export default function EpisodeRoute() {
  const { episodeId = '' } = useParams();
  const episode = useEpisode(episodeId);
  const guests = useEpisodeGuests(episodeId);
  const previous = usePreviousEpisodes(episodeId);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <QueryState query={episode}>{(item) => <EpisodeBody item={item} />}</QueryState>
      <section aria-labelledby="guests-heading" className="mt-10">
        <h2 id="guests-heading" className="mb-3 text-xl font-bold text-slate-900">
          Guests
        </h2>
        <QueryState query={guests} isEmpty={(data) => data.length === 0} empty="No guests on this episode.">
          {(people) => (
            <ul className="flex flex-wrap gap-4">
              {people.map((guest) => (
                <li key={guest.id}>
                  <Link
                    to={paths.person.href(guest.username)}
                    className="flex items-center gap-2 text-slate-800 hover:text-indigo-700 hover:underline"
                  >
                    <Avatar src={guest.profilePicture} name="" />
                    {guest.username}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </section>
      <section aria-labelledby="previous-heading" className="mt-10">
        <h2 id="previous-heading" className="mb-3 text-xl font-bold text-slate-900">
          Previous episodes
        </h2>
        <QueryState query={previous} isEmpty={(data) => data.length === 0} empty="This is the first episode.">
          {(items) => <EpisodeList episodes={items} />}
        </QueryState>
      </section>
    </div>
  );
}
