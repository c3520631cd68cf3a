import type { BlobStore } from './blob-store';
import { LocalBlobStore } from './local-blob-store';
import { S3BlobStore } from './s3-blob-store';

/** Where media bytes live: a local directory, or an S3 bucket (MEDIA_STORE). */
export interface BlobStoreConfig {
  MEDIA_STORE: 'local' | 's3';
  MEDIA_DIR: string;
  S3_BUCKET?: string;
  S3_REGION: string;
  S3_ENDPOINT?: string;
  S3_FORCE_PATH_STYLE: boolean;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
}

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
