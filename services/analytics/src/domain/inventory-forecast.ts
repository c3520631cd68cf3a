import type { InventoryForecast, InventoryQuery } from '@podz/proto';
import type { CampaignEntry } from '../data/campaign-directory';
import type { ShowAds } from '../data/show-directory';
import type { AnalyticsDeps } from './analytics-deps';

const DAY_MS = 86_400_000;
/** The forecast reads the last four weeks: every weekday four times. */
const BASIS_DAYS = 28;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

type Deps = Pick<AnalyticsDeps, 'rollups' | 'directory' | 'campaigns' | 'now'>;

/** What the forecast is of, and which live campaigns may fill its breaks. */
interface Selection {
  /** Downloads a day over the basis days, of what may carry ads. */
  downloadsOn(days: string[]): Promise<number>;
  mayFill(campaign: CampaignEntry): boolean;
}

const allows = (list: readonly string[] | undefined, value: string) =>
  !list || list.length === 0 || list.includes(value);

async function selectionOf(deps: Deps, query: InventoryQuery, insertByDefault: boolean): Promise<Selection> {
  const carries = (show: ShowAds) => show.insertAds ?? insertByDefault;
  const sum = (values: number[]) => values.reduce((total, one) => total + one, 0);
  if (query.showId) {
    const showId = query.showId;
    const show = await deps.directory.ads(showId);
    return {
      downloadsOn: async (days) =>
        show && carries(show) ? sum(await deps.rollups.perPeriod(`s:${showId}`, 'days', days)) : 0,
      mayFill: (campaign) =>
        allows(campaign.targeting?.showIds, showId) &&
        allows(campaign.targeting?.categories, show?.category ?? ''),
    };
  }
  if (query.category) {
    const category = query.category;
    const shows = (await deps.directory.inCategory(category)).filter(carries);
    return {
      downloadsOn: async (days) =>
        sum(
          await Promise.all(
            shows.map(async (show) => sum(await deps.rollups.perPeriod(`s:${show.id}`, 'days', days))),
          ),
        ),
      mayFill: (campaign) =>
        allows(campaign.targeting?.categories, category) &&
        (!campaign.targeting?.showIds.length ||
          shows.some((show) => campaign.targeting?.showIds.includes(show.id))),
    };
  }
  // A country, or the network: its downloads, of shows that carry ads or not (the rollups do not
  // split a country by show), so an upper bound.
  const country = query.country;
  return {
    downloadsOn: async (days) =>
      country
        ? ((await deps.rollups.breakdown('n', [], days)).get(`c:${country}`) ?? 0)
        : sum(await deps.rollups.perPeriod('n', 'days', days)),
    mayFill: (campaign) => !country || allows(campaign.targeting?.countries, country),
  };
}

/**
 * What a campaign still to deliver books of the forecast's days: its goal left, spread evenly over
 * the rest of its flight, for the days of the forecast inside it. A promo books nothing: it fills
 * what is not sold.
 */
function booked(campaign: CampaignEntry, delivered: number, from: string, to: string, now: Date): number {
  if (campaign.impressionGoal === null) return 0;
  const left = Math.max(0, campaign.impressionGoal - delivered);
  const start = Math.max(Date.parse(campaign.flight.startsAt), now.getTime());
  const end = Date.parse(campaign.flight.endsAt);
  if (end <= start) return 0;
  const overlap = Math.min(end, Date.parse(to) + DAY_MS) - Math.max(start, Date.parse(from));
  return overlap > 0 ? (left * overlap) / (end - start) : 0;
}

/**
 * `GET /api/analytics/inventory`: impressions a show, category, country or the network can still
 * sell over given days. Capacity is the last 28 days' downloads a day of what carries ads × the
 * days × the breaks the network's rule gives a download; booked is what live campaigns that may
 * fill them have left over those days; available is the rest.
 */
export async function inventoryForecast(deps: Deps, query: InventoryQuery): Promise<InventoryForecast> {
  const now = deps.now();
  const today = Date.parse(dayOf(now.getTime()));
  const basisDays = Array.from({ length: BASIS_DAYS }, (_, n) => dayOf(today - (BASIS_DAYS - n) * DAY_MS));
  const settings = await deps.campaigns.settings();
  const selection = await selectionOf(deps, query, settings.insertByDefault);
  const perDay = (await selection.downloadsOn(basisDays)) / BASIS_DAYS;
  const { rule } = settings;
  const breaksPerDownload = Number(rule.preRoll) + Number(rule.midRollAfter !== null) + Number(rule.postRoll);
  const days = daysBetween(query.from, query.to);
  const capacity = Math.round(perDay * days * breaksPerDownload);
  const live = (await deps.campaigns.live()).filter(selection.mayFill);
  const delivered = await deps.rollups.allTime(live.map((campaign) => `ad:${campaign.id}` as const));
  const bookedTotal = Math.round(
    live.reduce(
      (sum, campaign, index) => sum + booked(campaign, delivered[index] ?? 0, query.from, query.to, now),
      0,
    ),
  );
  return {
    from: query.from,
    to: query.to,
    days,
    basis: {
      from: basisDays[0] ?? '',
      to: basisDays.at(-1) ?? '',
      downloadsPerDay: Math.round(perDay * 10) / 10,
    },
    breaksPerDownload,
    capacity,
    booked: Math.min(capacity, bookedTotal),
    available: Math.max(0, capacity - bookedTotal),
  };
}
