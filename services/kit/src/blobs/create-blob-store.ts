import path from 'node:path';
import { z } from 'zod';
import type { BlobStore } from './blob-store';
import { LocalBlobStore } from './local-blob-store';
import { S3BlobStore } from './s3-blob-store';

/** The settings of a service that keeps media bytes, to `.extend` its config schema with. */
export const blobStoreSettings = {
  /** Where uploaded audio and images live: a local folder, or S3-compatible object storage. */
  MEDIA_STORE: z.enum(['local', 's3']).default('local'),
  MEDIA_DIR: z.string().default(path.resolve(__dirname, '..', '..', '..', '..', '.local', 'media')),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
};

/** Where media bytes live: a local directory, or an S3 bucket (MEDIA_STORE). */
export type BlobStoreConfig = z.infer<z.ZodObject<typeof blobStoreSettings>>;

export function createBlobStore(config: BlobStoreConfig): BlobStore {
  if (config.MEDIA_STORE === 'local') return new LocalBlobStore(config.MEDIA_DIR);
  if (!config.S3_BUCKET)
    throw new Error('invalid configuration:\n  S3_BUCKET: is required when MEDIA_STORE=s3');
  return new S3BlobStore({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
  });
}
