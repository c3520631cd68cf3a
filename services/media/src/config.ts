import { z } from 'zod';
import { premiumLinkSecretSetting, serviceConfig } from '@podz/kit';
import { blobStoreSettings } from '@podz/kit/blobs';
import { listenSettings } from '@podz/kit/listens';

export const mediaConfigSchema = serviceConfig({ port: 4010, database: 'podz_media' }).extend({
  ...blobStoreSettings,
  /** Checks the audio keys catalog signs into private feeds (docs/payments.md, Premium). */
  PREMIUM_LINK_SECRET: premiumLinkSecretSetting,
  ...listenSettings,
  /**
   * Catalog's database, by name only: the listeners' salts in Redis are named after it (feeds and
   * audio hash one listener alike), and a library kept there before media existed is copied once.
   */
  CATALOG_DATABASE: z.string().default('podz_catalog'),
  /**
   * Audio processing jobs this instance runs at once (each one ffmpeg, at a lower priority than
   * requests); 0 makes an instance that only serves.
   */
  MEDIA_JOB_SLOTS: z.coerce.number().int().min(0).max(32).default(2),
  /**
   * The jobs' ffmpeg niceness: 10 leaves a shared machine's cores to requests first; 0 on a worker
   * with cores of its own (or a test machine where waiting for a niced job is the slow part).
   */
  MEDIA_JOB_NICENESS: z.coerce.number().int().min(0).max(19).default(10),
  /** How long a worker that stopped answering holds a job before another takes it over. */
  MEDIA_JOB_LEASE_MS: z.coerce.number().int().min(100).default(30_000),
  /** How often an idle worker looks for jobs queued by other instances. */
  MEDIA_JOB_POLL_MS: z.coerce.number().int().min(10).default(2_000),
  /** The Socket.IO Redis adapter's channel prefix: the same as messaging's, whose sockets carry the pushes. */
  SOCKET_REDIS_PREFIX: z.string().min(1).default('podz:socket.io'),
});

export type MediaConfig = z.infer<typeof mediaConfigSchema>;
