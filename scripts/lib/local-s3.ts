// Media for several catalog instances: on an S3 server every instance shares, as in a deployment.
// S3_ENDPOINT from the environment is used as it is; otherwise deploy/local's SeaweedFS is started
// (built from its Go module the first time, a few minutes) with its development key pair.
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
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
