import type { Logger } from '@podz/kit';
import type { DailyCounters } from '../data/daily-counters';

export interface AnalyticsDeps {
  logger: Logger;
  counters: DailyCounters;
  /** The clock, so tests can ask for a fixed window. */
  now: () => Date;
}
