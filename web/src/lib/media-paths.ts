import { uploadIdOfFile } from '@podz/proto';

const AUDIO_PATH = '/media/audio/';

/** The upload id of an uploaded audio file's URL (`/media/audio/<id>.…`, a rendition too); none for audio elsewhere. */
export function audioUploadId(url: string): string | undefined {
  return url.startsWith(AUDIO_PATH) ? uploadIdOfFile(url.slice(AUDIO_PATH.length)) : undefined;
}
