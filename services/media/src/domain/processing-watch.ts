import type { JobStatus } from '@podz/kit';
import type { AudioProcessing } from '@podz/proto';
import type { MediaPorts } from './media-ports';

export type ProcessingPush = (userId: string, payload: { id: string; processing: AudioProcessing }) => void;

/**
 * Tells an audio file's uploader where its processing is, on each change of its job (a few a
 * second at most): to every socket of theirs, through messaging's Socket.IO adapter. The uploader
 * is looked up once per job.
 */
export function audioProcessingWatch(deps: Pick<MediaPorts, 'library' | 'logger'>, push: ProcessingPush) {
  const uploaders = new Map<string, Promise<string | undefined>>();
  return (id: string, status: JobStatus): void => {
    let uploader = uploaders.get(id);
    if (!uploader) {
      uploader = deps.library.findById(id).then(
        (record) => record?.uploadedBy,
        () => undefined,
      );
      uploaders.set(id, uploader);
    }
    const finished = status.state === 'done' || status.state === 'failed';
    if (finished) uploaders.delete(id);
    const { state, stage, percent, error } = status;
    void uploader
      .then((userId) => {
        if (userId) push(userId, { id, processing: { state, stage, percent, error } });
      })
      .catch((err: unknown) => deps.logger.warn({ err }, 'processing push failed'));
  };
}
