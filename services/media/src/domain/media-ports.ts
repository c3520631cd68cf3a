import type { Logger, PremiumTokens } from '@podz/kit';
import type { BlobStore } from '@podz/kit/blobs';
import type { UserDirectory } from '@podz/read-models';
import type { AudioSettingsStore } from '../data/audio-settings';
import type { CatalogCopies } from '../data/catalog-copies';
import type { MediaLibrary } from '../data/media-library';
import type { AudioGrants } from './audio-grants';

/**
 * What media's use cases may be given; each asks for the few it uses (`Pick<MediaPorts, …>`).
 */
export interface MediaPorts {
  logger: Logger;
  /** The uploads and where each is used. */
  library: MediaLibrary;
  /** The bytes: a local folder or an S3 bucket. */
  blobs: BlobStore;
  /** Uploaders' names, from identity's events. */
  users: UserDirectory;
  /** The keyed premium reads (a private feed by id, a member's plan), kept a second per instance. */
  grants: AudioGrants;
  /** Checks the signed audio keys of private feeds. */
  tokens: PremiumTokens;
  /** What media keeps of catalog's shows and episodes, from its events. */
  copies: CatalogCopies;
  /** The network's loudness target, as admins set it. */
  audioSettings: AudioSettingsStore;
}
