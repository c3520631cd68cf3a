// Media for `npm start`, with one instance or several: on an S3 server every instance shares, as in
// a deployment, so adding an instance never changes where the files are. S3_ENDPOINT from the
// environment is used as it is; otherwise deploy/local's SeaweedFS is started (built from its Go
// module the first time, a few minutes) with its development key pair.
import { existsSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { copyFolderTo, LocalBlobStore, S3BlobStore } from '../../services/kit/src/blobs';
import { REPO_ROOT, run } from './run';

const LOCAL_KEYS = { S3_ACCESS_KEY_ID: 'podz-local', S3_SECRET_ACCESS_KEY: 'podz-local-not-a-secret' };
const BUCKET = 'podz-media';

export interface LocalS3 {
  /** Catalog's environment for media on the bucket. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

const infraSh = (action: 'up' | 'down') =>
  run('bash', [path.join(REPO_ROOT, 'deploy', 'local', 'infra.sh'), action, 's3']);

export async function mediaOnS3(environment: NodeJS.ProcessEnv): Promise<LocalS3> {
  const started = !environment.S3_ENDPOINT;
  if (started) await infraSh('up');
  const env: Record<string, string> = {
    MEDIA_STORE: 's3',
    S3_BUCKET: environment.S3_BUCKET ?? BUCKET,
    S3_ENDPOINT: environment.S3_ENDPOINT ?? `http://127.0.0.1:${environment.PODZ_S3_PORT ?? 8333}`,
    S3_FORCE_PATH_STYLE: environment.S3_FORCE_PATH_STYLE ?? 'true',
    S3_ACCESS_KEY_ID: environment.S3_ACCESS_KEY_ID ?? LOCAL_KEYS.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: environment.S3_SECRET_ACCESS_KEY ?? LOCAL_KEYS.S3_SECRET_ACCESS_KEY,
  };
  const client = new S3Client({
    region: environment.S3_REGION ?? 'us-east-1',
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! },
  });
  // The bucket outlives runs; finding it there already is the usual case.
  await client.send(new CreateBucketCommand({ Bucket: env.S3_BUCKET })).catch((err: Error) => {
    if (!['BucketAlreadyOwnedByYou', 'BucketAlreadyExists'].includes(err.name)) throw err;
  });
  client.destroy();
  return { env, stop: () => (started ? infraSh('down') : Promise.resolve()) };
}

/**
 * Moves the files of a media folder (where uploads were kept on this machine's disk) into the
 * bucket, then renames the folder `<folder>-moved-to-s3`, kept as it was. Stopped anywhere, the
 * next start finishes it: files already in the bucket at their size are skipped.
 */
export async function moveFolderIntoBucket(
  folder: string,
  env: Record<string, string>,
  log: (line: string) => void,
): Promise<void> {
  if (!existsSync(folder)) return;
  const source = new LocalBlobStore(folder);
  let total = 0;
  for await (const _key of source.keys()) total += 1;
  if (total === 0) return;
  log(`moving ${total} media files from ${path.relative(REPO_ROOT, folder)} into the bucket`);
  const bucket = new S3BlobStore({
    bucket: env.S3_BUCKET ?? BUCKET,
    region: env.S3_REGION ?? 'us-east-1',
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  });
  let shown = Date.now();
  const done = await copyFolderTo(source, bucket, (progress) => {
    if (Date.now() - shown < 2_000 && progress.seen < total) return;
    shown = Date.now();
    log(`  ${progress.seen} of ${total} (${(progress.bytesCopied / 1e6).toFixed(1)} MB copied)`);
  });
  // A folder left by an earlier move keeps its name; this one is told apart by the time.
  const movedTo = existsSync(`${folder}-moved-to-s3`)
    ? `${folder}-moved-to-s3-${Date.now()}`
    : `${folder}-moved-to-s3`;
  await rename(folder, movedTo);
  log(
    `  ${done.copied} copied, ${done.alreadyThere} already in the bucket; ` +
      `the folder is kept, unused, as ${path.relative(REPO_ROOT, movedTo)}`,
  );
}
