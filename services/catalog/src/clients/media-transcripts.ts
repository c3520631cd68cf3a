import { UpstreamPool } from '@podz/kit';
import { mediaUnavailable } from '@podz/kit';

/** A write waits this long for media's answer before it fails as unavailable. */
const TIMEOUT_MS = 10_000;
const unavailable = mediaUnavailable('Transcripts cannot be kept');

/**
 * A transcript revision's two files, handed to media to keep and serve (`PUT` and `DELETE
 * /transcripts/{file}`, service to service, not in the gateway's table) once catalog has read the
 * captions. Asked, not told by an event: the owner waits for the episode to point at files that
 * exist. Each revision has names of its own, so a request sent again to another instance writes the
 * same bytes. Media down is a 502 in the API's error shape, and the episode keeps what it had.
 */
export class MediaTranscripts {
  private readonly instances: UpstreamPool;

  constructor(baseUrls: readonly string[]) {
    this.instances = new UpstreamPool(baseUrls);
  }

  /** Both files of the revision `key` (`transcripts/{episode}-{revision}`); neither if one fails. */
  async write(key: string, files: { vtt: string; json: string }): Promise<void> {
    await this.send('PUT', `${key}.vtt`, files.vtt);
    try {
      await this.send('PUT', `${key}.json`, files.json);
    } catch (err) {
      await this.remove(key).catch(() => undefined);
      throw err;
    }
  }

  /** The revision's files; one already gone is no error. */
  async remove(key: string): Promise<void> {
    await Promise.all([this.send('DELETE', `${key}.vtt`), this.send('DELETE', `${key}.json`)]);
  }

  private async send(method: 'PUT' | 'DELETE', file: string, text?: string): Promise<void> {
    const init: RequestInit =
      text === undefined
        ? { method }
        : { method, body: text, headers: { 'content-type': 'application/octet-stream' } };
    const res = await this.instances.sendToAny(`/${file}`, init, TIMEOUT_MS, unavailable);
    if (!res.ok) throw unavailable(new Error(`media answered ${res.status}`));
  }
}
