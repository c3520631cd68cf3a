import type { Media } from '@podz/proto';
import { ApiFailure, failureFrom } from './api-client';

export type UploadKind = 'audio' | 'image';

const UPLOAD_PATHS: Record<UploadKind, string> = { audio: '/api/media/audio', image: '/api/media/images' };

/**
 * Sends one file to `POST /api/media/audio` or `/api/media/images` as multipart, reporting progress from 0 to 1. XHR
 * rather than fetch because only XHR reports upload progress in every browser.
 */
export function uploadMedia(
  kind: UploadKind,
  file: File,
  onProgress: (fraction: number) => void = () => {},
  signal?: AbortSignal,
  idempotencyKey?: string,
): Promise<Media> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_PATHS[kind]);
    xhr.setRequestHeader('accept', 'application/json');
    if (idempotencyKey) xhr.setRequestHeader('idempotency-key', idempotencyKey);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as Media);
      } else reject(failureFrom(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiFailure('The upload failed: check your connection', 0, 'NETWORK'));
    xhr.onabort = () => reject(new ApiFailure('The upload was cancelled', 0, 'ABORTED'));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
