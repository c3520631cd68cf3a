import { Readable } from 'node:stream';
import { present } from '@podz/kit';
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
 * Blobs in S3 or any S3-compatible store (MinIO, R2, …). Uploads stream in parts, so a large audio
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
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.settings.bucket,
        Key: checkKey(key),
        Body: Readable.from(body as AsyncIterable<Buffer>),
        ContentType: contentType,
      },
    });
    try {
      await upload.done();
    } catch (err) {
      await upload.abort().catch(() => undefined);
      throw err;
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
      throw err;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const object = await this.client.send(
      new GetObjectCommand({
        Bucket: this.settings.bucket,
        Key: checkKey(key),
        ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      }),
    );
    return object.Body as Readable;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: checkKey(key) }));
  }
}
