import { on, onBatch, type Subscription } from '@podz/kit';
import {
  episodeCreated,
  episodeDeleted,
  episodePublished,
  episodeRestated,
  episodeUpdated,
  hostConfirmed,
  hostRemoved,
  levelsAudio,
  podcastCreated,
  podcastDeleted,
  podcastRestated,
  podcastUpdated,
  privateFeedChanged,
  uploadIdOfFile,
  type EventData,
} from '@podz/proto';
import type { CatalogCopies, EpisodeCopy, EpisodeState, ShowCopy, ShowState } from '../data/catalog-copies';
import type { MediaLibrary } from '../data/media-library';
import type { PrivateFeedCopies } from '../data/private-feed-copies';
import { moveUses, NO_USES, type Uses } from '../domain/media-uses';

type ShowEvent = { data: EventData<typeof podcastCreated> };
type EpisodeEvent = { data: EventData<typeof episodeCreated> };

const AUDIO_PATH = '/media/audio/';

const showState = ({ data }: ShowEvent): ShowState => ({
  _id: data.podcastId,
  ownerId: data.ownerId,
  name: data.name,
  status: data.status,
  logoPath: data.logoPath,
  premium: data.premium,
  teamIds: data.teamIds,
  levelAudio: data.levelAudio,
  insertAds: data.insertAds,
  category: data.category,
});

const episodeState = ({ data }: EpisodeEvent): EpisodeState => ({
  _id: data.episodeId,
  podcastId: data.podcastId,
  title: data.title,
  status: data.status,
  publishedAt: new Date(data.publishedAt),
  audioUrl: data.audioUrl,
  audioFile:
    data.audioUrl === undefined
      ? undefined
      : data.audioUrl.startsWith(AUDIO_PATH)
        ? data.audioUrl.slice(AUDIO_PATH.length)
        : null,
  imagePath: data.imagePath,
  premium: data.premium,
  chapters: data.chapters,
  adBreaks: data.adBreaks,
});

/** The files a show uses (its cover) and how the library names that use. */
const showUses = (show: Pick<ShowCopy, '_id' | 'name' | 'logoPath'> | null): Uses =>
  show ? { urls: [show.logoPath], use: { kind: 'show', name: show.name, podcastId: show._id } } : NO_USES;

/** The files an episode uses (its audio and image); a copy from before `audioUrl` was kept names its file. */
const episodeUses = (
  episode:
    (Pick<EpisodeCopy, 'podcastId' | 'title' | 'audioFile' | 'imagePath'> & { audioUrl?: string }) | null,
): Uses => {
  if (!episode) return NO_USES;
  const audio = episode.audioUrl ?? (episode.audioFile ? `${AUDIO_PATH}${episode.audioFile}` : null);
  return {
    urls: [audio, episode.imagePath],
    use: { kind: 'episode', name: episode.title, podcastId: episode.podcastId },
  };
};

/**
 * Media's copy of catalog's shows, episodes and private feeds (`CatalogCopies`,
 * `PrivateFeedCopies`), from every event that states one, `restated` included; host events move
 * the team. The library's "used by" follows each show and episode from its copy before the event
 * to the event. Every write sets by key from the event, so the group keeps no handled-event records.
 * An upload whose show's levelling switch changed, or that an episode now plays, goes to `relevel`
 * (which processes it again when its rendition no longer fits) once the copies are saved.
 */
export function catalogCopySubscriptions(
  copies: CatalogCopies,
  library: Pick<MediaLibrary, 'setUse'>,
  privateFeeds: PrivateFeedCopies,
  relevel: (uploadId: string) => Promise<unknown>,
): Subscription[] {
  const relevelFiles = async (files: (string | null | undefined)[]) => {
    for (const file of new Set(files)) {
      const uploadId = file ? uploadIdOfFile(file) : undefined;
      if (uploadId) await relevel(uploadId);
    }
  };
  const shows = async (events: ShowEvent[]) => {
    const switched: string[] = [];
    for (const event of events) {
      const after = showState(event);
      const before = await copies.show(after._id);
      await moveUses(library, after._id, showUses(before), showUses(after as ShowCopy));
      if (before && after.levelAudio !== undefined && levelsAudio(before) !== after.levelAudio) {
        switched.push(after._id);
      }
    }
    await copies.saveShows(events.map(showState));
    for (const podcastId of new Set(switched)) {
      await relevelFiles((await copies.episodesPlaying(podcastId)).map((episode) => episode.audioFile));
    }
  };
  const episodes = async (events: EpisodeEvent[]) => {
    const moved: (string | null | undefined)[] = [];
    for (const event of events) {
      const after = episodeState(event);
      const before = await copies.episode(after._id);
      await moveUses(library, after._id, episodeUses(before), episodeUses(after as EpisodeCopy));
      if (before?.audioFile !== after.audioFile || before?.podcastId !== after.podcastId)
        moved.push(after.audioFile);
    }
    await copies.saveEpisodes(events.map(episodeState));
    await relevelFiles(moved);
  };
  return [
    ...[podcastCreated, podcastUpdated, podcastRestated].map((definition) => onBatch(definition, shows)),
    on(hostConfirmed, ({ data }) => copies.joinTeam(data.podcastId, data.userId)),
    on(hostRemoved, ({ data }) => copies.leaveTeam(data.podcastId, data.userId)),
    on(podcastDeleted, async ({ data }) => {
      await moveUses(library, data.podcastId, showUses(await copies.show(data.podcastId)), NO_USES);
      for (const episode of await copies.episodesOf(data.episodeIds)) {
        await moveUses(library, episode._id, episodeUses(episode), NO_USES);
      }
      await privateFeeds.removeShow(data.podcastId);
      await copies.removeShow(data.podcastId, data.episodeIds);
    }),
    ...[episodeCreated, episodeUpdated, episodePublished, episodeRestated].map((definition) =>
      onBatch(definition, episodes),
    ),
    on(episodeDeleted, async ({ data }) => {
      await moveUses(library, data.episodeId, episodeUses(await copies.episode(data.episodeId)), NO_USES);
      await copies.removeEpisode(data.episodeId);
    }),
    onBatch(privateFeedChanged, (events) => privateFeeds.save(events.map(({ data }) => data))),
  ];
}
