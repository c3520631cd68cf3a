import type { CampaignDeliveries } from '@podz/proto';
import { csv } from './csv';

/** A campaign's deliveries as a spreadsheet: each period, then each show, episode and creative. */
export function campaignCsv(figures: CampaignDeliveries): { filename: string; body: string } {
  const span = `${figures.range.from}_${figures.range.to}`;
  const rows: (string | number)[][] = [
    ['breakdown', 'name', 'deliveries'],
    ...figures.deliveries.points.map((point) => [figures.range.interval, point.period, point.deliveries]),
    ...figures.shows.map((row) => ['show', row.name, row.deliveries]),
    ...figures.episodes.map((row) => ['episode', row.name, row.deliveries]),
    ...figures.creatives.map((row) => ['creative', row.name, row.deliveries]),
    ...figures.positions.map((row) => ['position', row.name, row.deliveries]),
    ...figures.countries.map((row) => ['country', row.name, row.deliveries]),
    ...figures.apps.map((row) => ['app', row.name, row.deliveries]),
  ];
  return { filename: `campaign-${figures.campaign.id}-deliveries-${span}.csv`, body: csv(rows) };
}
