import { AUDIO_TYPES, IMAGE_TYPES, MEDIA_LIMITS, type Media } from '@podz/proto';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '../lib/api-client';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { uploadMedia, type UploadKind } from '../lib/upload';

const RULES: Record<UploadKind, { accept: readonly string[]; maxBytes: number; what: string }> = {
  audio: { accept: AUDIO_TYPES, maxBytes: MEDIA_LIMITS.audioBytes, what: 'MP3, M4A, WAV, OGG or FLAC' },
  image: { accept: IMAGE_TYPES, maxBytes: MEDIA_LIMITS.imageBytes, what: 'PNG, JPEG or WebP' },
};

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * A file field that uploads at once and shows a progress bar; the parent gets each stored file.
 * Size is checked before sending; the type is decided by the catalog from the bytes.
 */
export function MediaUpload({
  kind,
  label,
  onUploaded,
  onBusyChange,
  error,
  multiple = false,
}: {
  kind: UploadKind;
  label: string;
  onUploaded: (media: Media) => void;
  onBusyChange?: (busy: boolean) => void;
  error?: string;
  /** Several files at once, uploaded one after another. */
  multiple?: boolean;
}) {
  const id = useId();
  const rules = RULES[kind];
  const [progress, setProgress] = useState<number>();
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState<string>();
  const [current, setCurrent] = useState<string>();
  const controller = useRef<AbortController>(undefined);

  /** One file after another (each with its own progress), stopping at the first that fails. */
  const onFiles = async (files: File[]) => {
    if (files.length === 0) return;
    setFailure(undefined);
    setDone(undefined);
    const tooLarge = files.find((file) => file.size > rules.maxBytes);
    if (tooLarge) {
      setFailure(`${tooLarge.name} is larger than ${megabytes(rules.maxBytes)}`);
      return;
    }
    onBusyChange?.(true);
    try {
      for (const [index, file] of files.entries()) {
        controller.current = new AbortController();
        setCurrent(files.length > 1 ? `${index + 1} of ${files.length}` : undefined);
        setProgress(0);
        // One key per picked file: a retry after a lost answer does not store it twice.
        const media = await uploadMedia(
          kind,
          file,
          setProgress,
          controller.current.signal,
          newIdempotencyKey(),
        );
        onUploaded(media);
      }
      setDone(files.length === 1 ? (files[0]?.name ?? '1 file') : `${files.length} files`);
    } catch (uploadError) {
      setFailure(errorMessage(uploadError));
    } finally {
      setProgress(undefined);
      setCurrent(undefined);
      onBusyChange?.(false);
    }
  };

  const shown = failure ?? error;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={rules.accept.join(',')}
        multiple={multiple}
        onChange={(event) => void onFiles([...(event.target.files ?? [])])}
        disabled={progress !== undefined}
        aria-describedby={`${id}-help`}
        className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:font-semibold file:text-indigo-700"
      />
      <p id={`${id}-help`} className="mt-1 text-xs text-slate-600">
        {rules.what}, up to {megabytes(rules.maxBytes)}
      </p>
      {progress !== undefined && (
        <div className="mt-2 flex items-center gap-3">
          <div
            role="progressbar"
            aria-label={`${label}: upload progress${current ? `, file ${current}` : ''}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
            className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full bg-indigo-600 transition-[width]"
              style={{ width: `${Math.round(progress * 100)}%` }}
            />
          </div>
          <span className="w-12 text-right text-sm text-slate-700 tabular-nums">
            {Math.round(progress * 100)}%
          </span>
          <button
            type="button"
            className="text-sm text-slate-700 underline"
            onClick={() => controller.current?.abort()}
          >
            Cancel
          </button>
        </div>
      )}
      {done && !shown && <p className="mt-1 text-sm text-emerald-700">Uploaded {done}</p>}
      {shown && <p className="mt-1 text-sm text-red-700">{shown}</p>}
    </div>
  );
}
