import { badRequest } from '@podz/kit';
import type { CreateCampaignBody, UpdateCampaignBody } from '@podz/proto';
import type { CampaignFields } from '../data/campaign-repository';
import type { AdsPorts } from './ads-ports';

type Creatives = CampaignFields['creatives'];

/**
 * The creatives a body names, as media knows their uploads: each must be audio (media levels it
 * to the network's loudness and renders it in the house format, as it does episodes).
 */
export async function creativesOf(
  deps: Pick<AdsPorts, 'uploads'>,
  refs: CreateCampaignBody['creatives'],
): Promise<Creatives> {
  const found = await Promise.all(refs.map((ref) => deps.uploads.find(ref.uploadId)));
  const problems = found.flatMap((upload, index) =>
    upload?.type.startsWith('audio/')
      ? []
      : [{ path: `creatives.${index}.uploadId`, message: upload ? 'is not audio' : 'is no upload' }],
  );
  if (problems.length) throw badRequest('Some creatives are not audio uploads', problems);
  return refs.map((ref, index) => ({
    uploadId: ref.uploadId,
    name: ref.name,
    url: found[index]?.url ?? '',
    durationSeconds: found[index]?.durationSeconds ?? 0,
  }));
}

/** A new campaign's fields as stored: the body's, dates as dates, creatives as media described them. */
export function newFields(body: CreateCampaignBody, creatives: Creatives): CampaignFields {
  return { ...body, flight: flightOf(body.flight), creatives };
}

/** The fields a change sets (status and creatives apart). */
export function changedFields(body: UpdateCampaignBody): Partial<CampaignFields> {
  const { creatives: _creatives, status: _status, flight, ...rest } = body;
  return { ...rest, ...(flight ? { flight: flightOf(flight) } : {}) };
}

const flightOf = (flight: CreateCampaignBody['flight']) => ({
  startsAt: new Date(flight.startsAt),
  endsAt: new Date(flight.endsAt),
});

/**
 * What a campaign needs before it goes live: something to play, a goal to pace (a house promo
 * fills what is unsold instead, and names the show it promotes).
 */
export function checkLive(
  campaign: Pick<CampaignFields, 'kind' | 'impressionGoal' | 'promotesPodcastId' | 'creatives'>,
) {
  const problems = [
    ...(campaign.creatives.length === 0
      ? [{ path: 'creatives', message: 'a live campaign needs a creative' }]
      : []),
    ...(campaign.kind !== 'promo' && campaign.impressionGoal === null
      ? [{ path: 'impressionGoal', message: 'a live campaign needs an impression goal' }]
      : []),
    ...(campaign.kind === 'promo' && !campaign.promotesPodcastId
      ? [{ path: 'promotesPodcastId', message: 'a house promo names the show it promotes' }]
      : []),
  ];
  if (problems.length) throw badRequest('The campaign cannot go live yet', problems);
}
