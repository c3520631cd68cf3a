import { LruMap, RecentReads } from '@podz/kit';
import type { Category, ListenAd } from '@podz/proto';
import type { CampaignCopies } from '../data/campaign-copies';
import type { EpisodeCopy, ShowCopy } from '../data/catalog-copies';
import type { MediaLibrary } from '../data/media-library';
import type { ProcessedAudio } from '../data/media-models';
import { breakPoints, type BreakPoint } from './break-points';
import { eligible, offerOrder, todaysTarget, type Listening, type LiveCampaign } from './campaign-choice';
import { utcDay, type DecisionStore, type Fill, type Offer, type Served } from './decision-store';
import type { FrameOffsets } from './frame-offsets';
import { stitchPlan, type HouseAudio, type Placed, type StitchedAudio } from './stitch-plan';

/** How long an instance trusts its read of the live campaigns and settings: a change reaches decisions within it. */
const FRESH_MS = 1000;
/** Read again behind what was read: no download waits on the store once a second. */
const BEHIND = { reloadBehind: true };

/** What deciding a download reads. */
export interface InsertionPorts {
  campaigns: Pick<CampaignCopies, 'live' | 'adSettings'>;
  library: Pick<MediaLibrary, 'findById'>;
  decisions: Pick<DecisionStore, 'decide' | 'known' | 'decided' | 'served'>;
  frames: Pick<FrameOffsets, 'of'>;
}

/** One download of an episode's rendition, and who makes it. */
export interface Download {
  rendition: ProcessedAudio;
  episode: EpisodeCopy;
  show: ShowCopy;
  /** The listener's hash for the day (the listen recorder's). */
  listener: string;
  listening: Omit<Listening, 'podcastId' | 'categories' | 'publishedAt'>;
  at: Date;
}

/** A download with creatives in it: what was decided, and the file it makes. */
export interface Insertion {
  fills: Fill[];
  stitched: StitchedAudio;
}

/**
 * The creatives of a joined file as its listen records carry them: each fill at the bytes its
 * break's creative takes in the file served, behind a tag of `headBytes`.
 */
export function adsInFile(insertion: Insertion, headBytes: number): ListenAd[] {
  // Asked on every range of a download: worked out once per decision and tag length.
  const known = adsOfInsertion.get(insertion);
  if (known?.headBytes === headBytes) return known.ads;
  const ads = placedAds(insertion, headBytes);
  adsOfInsertion.set(insertion, { headBytes, ads });
  return ads;
}

const adsOfInsertion = new WeakMap<Insertion, { headBytes: number; ads: ListenAd[] }>();

function placedAds(insertion: Insertion, headBytes: number): ListenAd[] {
  return placedFills(insertion).map(({ fill, placed }) => ({
    campaign: fill.campaignId,
    creative: fill.creativeId,
    position: fill.position,
    start: headBytes + placed.start,
    end: headBytes + placed.end,
  }));
}

/** Each fill with where its creative sits in the joined file. */
export function placedFills(insertion: Insertion): { fill: Fill; placed: Placed }[] {
  return insertion.fills.flatMap((fill) => {
    const placed = insertion.stitched.placed.find((one) => one.atFrame === fill.atFrame);
    return placed ? [{ fill, placed }] : [];
  });
}

/**
 * Decides what a download of an episode's rendition carries and plans the joined file: nothing
 * when its show does not insert (its own choice, else the network's default) or no break found a
 * fill. Live campaigns and the settings are read once a second per instance; the decision is
 * Redis's (one per listener, episode and day: `DecisionStore`).
 */
export class InsertionPlanner {
  private readonly reads = new RecentReads<string, unknown>(FRESH_MS, 4, BEHIND);
  private readonly served = new RecentReads<string, Map<string, Served>>(FRESH_MS, 100, BEHIND);
  private readonly creatives = new RecentReads<string, HouseAudio | null>(FRESH_MS, 1000, BEHIND);
  private readonly files = new LruMap<string, Insertion>(1000);

  constructor(private readonly deps: InsertionPorts) {}

  /** Whether a show's episodes carry inserted audio: its own choice, or else the network's default. */
  async inserts(show: Pick<ShowCopy, 'insertAds'>): Promise<boolean> {
    return show.insertAds ?? (await this.settings()).insertByDefault;
  }

  async plan(download: Download): Promise<Insertion | null> {
    const settings = await this.settings();
    if (!(await this.inserts(download.show))) return null;
    const { rendition } = download.rendition;
    const breaks = breakPoints(download.episode.adBreaks, settings.rule, {
      frames: rendition.frames,
      durationSeconds: rendition.durationSeconds,
      silences: download.rendition.silences,
    });
    if (breaks.length === 0) return null;
    // Every range of a download after its first, on this instance: the decision is made. A range
    // that another instance decided is answered that decision by the decision step itself.
    const made = this.deps.decisions.known(download.episode._id, download.listener, download.at);
    if (made) return this.joined(download.rendition, made);
    const listening: Listening = {
      ...download.listening,
      podcastId: download.show._id,
      categories: showCategories(download.show),
      publishedAt: new Date(download.episode.publishedAt),
    };
    const live = (await this.live(download.at)).filter((campaign) =>
      breaks.some((point) => eligible(campaign, listening, point.position, download.at)),
    );
    const ready = live.length ? await this.withCreatives(live, download.listener) : [];
    // Nothing to offer now (no live campaign for it, or creatives still rendering): a decision made
    // before (by another instance, for an earlier range) stands, so the download's bytes stay
    // whole; else plain, and nothing kept, so the day's later downloads are decided once they can.
    if (ready.length === 0) {
      const earlier = await this.deps.decisions.decided(download.episode._id, download.listener, download.at);
      return earlier ? this.joined(download.rendition, earlier) : null;
    }
    const served = await this.servedToday(
      ready.map(({ campaign }) => campaign.id),
      download.at,
    );
    const offers = breakOffers(breaks, ready, {
      served,
      listening,
      listener: download.listener,
      at: download.at,
    });
    const fills = await this.deps.decisions.decide(
      download.episode._id,
      download.listener,
      download.at,
      offers,
    );
    return this.joined(download.rendition, fills);
  }

  /**
   * The joined file of a decision. Listeners decided alike (the same creatives at the same breaks)
   * share one: a network's day has many listeners and few such files.
   */
  private async joined(rendition: ProcessedAudio, fills: Fill[]): Promise<Insertion | null> {
    if (fills.length === 0) return null;
    const key = `${rendition.rendition.key}|${fills
      .map((fill) => `${fill.position}@${fill.atFrame}:${fill.campaignId}:${fill.creativeId}`)
      .join(',')}`;
    const known = this.files.get(key);
    if (known) return known;
    const insertion = { fills, stitched: await this.stitched(rendition, fills) };
    this.files.set(key, insertion);
    return insertion;
  }

  /**
   * Impressions decided so far per campaign, read once a second per instance: they only order the
   * candidates (the furthest behind first); caps, goals and the day's share are checked against the
   * live counts in the decision step.
   */
  private servedToday(campaignIds: string[], at: Date): Promise<Map<string, Served>> {
    return this.served.get(`${utcDay(at)}|${campaignIds.join(',')}`, () =>
      this.deps.decisions.served(campaignIds, at),
    );
  }

  /** The joined file of a decision already made (the same on every range of the download). */
  async stitched(processed: ProcessedAudio, fills: readonly Fill[]): Promise<StitchedAudio> {
    const { rendition } = processed;
    const content: HouseAudio = {
      key: rendition.key,
      bytes: rendition.bytes - rendition.headBytes,
      frames: rendition.frames,
    };
    const insertions = await Promise.all(
      fills.map(async (fill) => {
        const audio = await this.creative(fill.creativeId);
        if (!audio) throw new Error(`creative ${fill.creativeId} has no rendition`);
        return {
          atFrame: fill.atFrame,
          atByte: await this.deps.frames.of(processed.framesKey, fill.atFrame),
          audio,
        };
      }),
    );
    return stitchPlan(content, insertions);
  }

  /** Each campaign with the creative it plays for this listener (in turn by listener), once rendered. */
  private async withCreatives(
    campaigns: LiveCampaign[],
    listener: string,
  ): Promise<{ campaign: LiveCampaign; creativeId: string }[]> {
    const chosen = await Promise.all(
      campaigns.map(async (campaign) => {
        const ids = campaign.creativeIds;
        const creativeId = ids[listener.charCodeAt(0) % ids.length] ?? '';
        return (await this.creative(creativeId)) ? { campaign, creativeId } : null;
      }),
    );
    return chosen.filter((one): one is { campaign: LiveCampaign; creativeId: string } => one !== null);
  }

  /** A creative's house-format rendition; null until its job made one (it is left out till then). */
  private creative(uploadId: string): Promise<HouseAudio | null> {
    return this.creatives.get(uploadId, async () => {
      const rendition = (await this.deps.library.findById(uploadId))?.processed?.rendition;
      return rendition
        ? { key: rendition.key, bytes: rendition.bytes - rendition.headBytes, frames: rendition.frames }
        : null;
    });
  }

  private live(now: Date): Promise<LiveCampaign[]> {
    return this.reads.get('live', () => this.deps.campaigns.live(now)) as Promise<LiveCampaign[]>;
  }

  private settings() {
    return this.reads.get('settings', () => this.deps.campaigns.adSettings()) as ReturnType<
      CampaignCopies['adSettings']
    >;
  }
}

/**
 * Each break with the campaigns that may fill it, in the order they are offered it: eligible for
 * its position and this listening, the furthest behind today's share of its goal first within a
 * kind (`offerOrder`). What the decision step then takes in order.
 */
export function breakOffers(
  breaks: readonly BreakPoint[],
  ready: readonly { campaign: LiveCampaign; creativeId: string }[],
  context: { served: Map<string, Served>; listening: Listening; listener: string; at: Date },
): Offer[] {
  const { served, listening, listener, at } = context;
  return breaks.map((point) => {
    const candidates = ready
      .filter(({ campaign }) => eligible(campaign, listening, point.position, at))
      .map((candidate) => {
        const counts = served.get(candidate.campaign.id) ?? { total: 0, today: 0 };
        const target = todaysTarget(candidate.campaign, counts.total - counts.today, at);
        return { ...candidate, behind: Number.isFinite(target) ? target - counts.today : 0 };
      });
    return { ...point, candidates: offerOrder(candidates, listener) };
  });
}

/** The categories a show's episodes are heard under: its own (episodes' own are catalog's alone). */
const showCategories = (show: ShowCopy): Category[] => (show.category ? [show.category] : []);
