import type { PricingPlan } from '@podz/proto';

/** The same day of the next month or year (UTC), the last day when that month is shorter. */
export function addInterval(at: Date, interval: PricingPlan['interval']): Date {
  const next = new Date(at);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  if (interval === 'year') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}
