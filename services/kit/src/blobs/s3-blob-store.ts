import { Readable } from 'node:stream';
import { AppError, present } from '../errors/app-error';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { checkKey, type BlobInfo, type BlobStore } from './blob-store';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle?: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/**
 * Whether the object store could not be reached or failed on its side (no answer, or a 5xx): the
 * caller may retry, so it is a 503, not a fault in PODZ. A 4xx (no such key, a bad signature) is not.
 */
function storeAway(err: unknown): boolean {
  const status = (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
  return status === undefined || status >= 500;
}

const away = (err: unknown) =>
  storeAway(err) && !(err instanceof AppError)
    ? new AppError('NOT_READY', 'Media storage cannot be reached right now; try again shortly', undefined, 5)
    : err;

/**
 * Blobs in S3 or any S3-compatible store (SeaweedFS, R2, …). Uploads stream in parts, so a large audio
 * file is never held in memory; a failed upload is aborted and leaves no object.
 */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: Boolean(settings.forcePathStyle),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    });
  }

  async put(key: string, body: NodeJS.ReadableStream, contentType: string): Promise<BlobInfo> {
    const source = Readable.from(body as AsyncIterable<Buffer>);
    // A sender that failed (went away, or was cut off at the size limit) is not the store's fault.
    let senderFailed = false;
    source.once('error', () => (senderFailed = true));
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: checkKey(key), Body: source, ContentType: contentType },
    });
    try {
      await upload.done();
    } catch (err) {
      await upload.abort().catch(() => undefined);
      throw senderFailed ? err : away(err);
    }
    return present(await this.stat(key), `blob ${key}`);
  }

  async stat(key: string): Promise<BlobInfo | undefined> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.settings.bucket, Key: checkKey(key) }),
      );
      return {
        key,
        bytes: head.ContentLength ?? 0,
        contentType: head.ContentType ?? 'application/octet-stream',
        modifiedAt: head.LastModified ?? new Date(0),
      };
    } catch (err) {
      if ((err as { name?: string }).name === 'NotFound') return undefined;
      throw away(err);
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const object = await this.client
      .send(
        new GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: checkKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      )
      .catch((err: unknown) => Promise.reject(away(err)));
    return object.Body as Readable;
  }

  async delete(key: string): Promise<void> {
    await this.client
      .send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: checkKey(key) }))
      .catch((err: unknown) => Promise.reject(away(err)));
  }
}
