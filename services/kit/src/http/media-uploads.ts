import { AppError } from '../errors/app-error';
import { UpstreamPool } from './upstream-pool';
import { uploadFactsSchema, type UploadFacts } from '@podz/proto';

/** A write waits this long for media's answer before it fails as unavailable. */
const TIMEOUT_MS = 5_000;

/**
 * Uploads as media knows them, asked of media (`GET /uploads/{id}`) when something is written
 * naming one by id (a show or episode in catalog, a campaign's creative in ads): the writer is
 * waiting, and no event tells anyone of an upload before something uses it. With media as several
 * instances, each ask goes to them in turn, and one that does not answer is passed over for the
 * next. Media down is a 502, the write not made.
 */
export class MediaUploads {
  private readonly instances: UpstreamPool;

  /**
   * `claims`: whether what is written may publish the upload on an episode, so media holds its
   * audio closed until it hears whose it is (catalog); a campaign's creative never is (ads).
   */
  constructor(
    baseUrls: readonly string[],
    private readonly claims = true,
  ) {
    this.instances = new UpstreamPool(baseUrls);
  }

  /** The upload, or null when media has none by this id. */
  async find(id: string): Promise<UploadFacts | null> {
    const unavailable = mediaUnavailable('Uploads cannot be read');
    const res = await this.instances.getFromAny(
      `/uploads/${encodeURIComponent(id)}${this.claims ? '' : '?claim=false'}`,
      TIMEOUT_MS,
      unavailable,
    );
    if (res.status === 404) return null;
    if (!res.ok) throw unavailable(new Error(`media answered ${res.status}`));
    return uploadFactsSchema.parse(await res.json());
  }
}

/** The 502 a write answers when media cannot do its part: `what` cannot be done right now. */
export const mediaUnavailable =
  (what: string) =>
  (cause: unknown): AppError => {
    const reason = cause instanceof Error ? cause.message : String(cause);
    return new AppError('UPSTREAM_UNAVAILABLE', `${what} right now (${reason}); try again shortly`);
  };
