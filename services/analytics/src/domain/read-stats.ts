import { STAT_METRICS, type DailyStats } from '@podz/proto';
import type { AnalyticsDeps } from './analytics-deps';
import { dayOf } from './day-of';

const DAY_MS = 24 * 3600 * 1000;

/** `GET /api/stats/daily`: the last `days` days of every metric, and the all-time totals. */
export async function dailyStats(deps: AnalyticsDeps, days: number): Promise<DailyStats> {
  const today = deps.now().getTime();
  const window = Array.from({ length: days }, (_, index) =>
    dayOf(new Date(today - (days - 1 - index) * DAY_MS)),
  );
  const [series, totals] = await Promise.all([
    Promise.all(STAT_METRICS.map((metric) => deps.counters.daily(metric, window))),
    deps.counters.totals(STAT_METRICS),
  ]);
  // Both lists were read in STAT_METRICS' order.
  const byMetric = <T>(values: T[]) =>
    Object.fromEntries(STAT_METRICS.map((metric, index) => [metric, values[index]])) as Record<
      (typeof STAT_METRICS)[number],
      T
    >;
  return { days: window, series: byMetric(series), totals: byMetric(totals) };
}
