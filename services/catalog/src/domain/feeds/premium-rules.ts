import { AppError } from '@podz/kit';
import { NO_PREMIUM, type EpisodePremium, type PremiumKind, type ShowPremium } from '@podz/proto';
import type { PodcastRecord } from '../../data/catalog-models';
import type { CatalogDeps } from '../catalog-deps';

type StoredShowPremium = { plans?: string[] | null; allEpisodes?: boolean | null } | null | undefined;
type StoredEpisodePremium =
  { kind: string; publicAt?: Date | null; publicEpisodeId?: string | null } | null | undefined;

export function showPremium(record: { premium?: StoredShowPremium }): ShowPremium {
  const stored = record.premium;
  if (!stored?.plans?.length) return NO_PREMIUM;
  return { plans: [...stored.plans], allEpisodes: Boolean(stored.allEpisodes) };
}

export function episodePremium(record: { premium?: StoredEpisodePremium }): EpisodePremium | null {
  const stored = record.premium;
  if (!stored) return null;
  return {
    kind: stored.kind as PremiumKind,
    publicAt: stored.publicAt ? new Date(stored.publicAt).toISOString() : null,
    publicEpisodeId: stored.publicEpisodeId ?? null,
  };
}

/** The team of a show (its owner and confirmed hosts) hears its premium episodes without a plan. */
export const teamOf = (podcast: Pick<PodcastRecord, 'owner' | 'hosts'>): string[] => [
  podcast.owner.id,
  ...podcast.hosts.filter((host) => host.confirmed).map((host) => host.user.id),
];

const invalid = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path, message }]);

/** Each plan a show names must exist and offer premium listening (content's plans, as catalog heard them). */
export async function checkPremiumPlans(deps: Pick<CatalogDeps, 'plans'>, plans: readonly string[]) {
  const found = await Promise.all(plans.map((slug) => deps.plans.find(slug)));
  found.forEach((plan, index) => {
    const slug = plans[index] ?? '';
    if (!plan) throw invalid(`body.premium.plans.${index}`, `There is no plan named ${slug}`);
    if (!plan.premiumListening) {
      throw invalid(
        `body.premium.plans.${index}`,
        `The ${plan.name} plan does not include premium listening`,
      );
    }
  });
}

/**
 * An episode's premium setting as stored, checked against its show: the show must name plans,
 * and an ad-free cut names a public episode of the same show.
 */
export async function storedEpisodePremium(
  deps: Pick<CatalogDeps, 'episodes'>,
  podcast: PodcastRecord,
  premium: EpisodePremium | null,
  episodeId: string | null,
) {
  if (!premium) return null;
  if (showPremium(podcast).plans.length === 0) {
    throw invalid('body.premium', 'Name the plans that unlock premium episodes on the show first');
  }
  if (premium.publicEpisodeId) {
    const original = await deps.episodes.findById(premium.publicEpisodeId);
    if (!original || original.podcast !== podcast.id || premium.publicEpisodeId === episodeId) {
      throw invalid('body.premium.publicEpisodeId', 'Not an episode of this show');
    }
    if (original.premium)
      throw invalid('body.premium.publicEpisodeId', 'The original of an ad-free cut is public');
  }
  return {
    kind: premium.kind,
    publicAt: premium.publicAt ? new Date(premium.publicAt) : null,
    publicEpisodeId: premium.publicEpisodeId,
  };
}
