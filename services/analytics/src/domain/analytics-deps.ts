import type { Logger } from '@podz/kit';
import type { CampaignDirectory } from '../data/campaign-directory';
import type { DailyCounters } from '../data/daily-counters';
import type { ListenRollups } from '../data/listen-rollups';
import type { ShowDirectory } from '../data/show-directory';

/** What the analytics use cases are given: the counters, the download rollups, the directory, a clock. */
export interface AnalyticsDeps {
  logger: Logger;
  counters: DailyCounters;
  /** The download rollups of the current listen generation. */
  rollups: ListenRollups;
  directory: ShowDirectory;
  /** The campaigns, from the ads service's events. */
  campaigns: CampaignDirectory;
  /** The clock, so tests can ask for a fixed window. */
  now: () => Date;
}
