import type { Logger, MediaUploads } from '@podz/kit';
import type { CampaignRepository } from '../data/campaign-repository';
import type { AdSettingsRepository } from '../data/settings-repository';

/** What the ads service's use cases reach; each asks for the few it uses. */
export interface AdsPorts {
  campaigns: CampaignRepository;
  settings: AdSettingsRepository;
  /** Media's uploads: a creative must be audio someone uploaded. */
  uploads: Pick<MediaUploads, 'find'>;
  logger: Logger;
}
