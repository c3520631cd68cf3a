import type { UploadKind } from '../../../lib/upload';
import { MediaUpload } from '../../../components/media-upload';
import { useRefreshMedia } from '../api/media-api';

/** Upload fields for the kinds the caller may add; the library refreshes after each file. */
export function MediaUploader({ kinds }: { kinds: readonly UploadKind[] }) {
  const refresh = useRefreshMedia();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {kinds.map((kind) => (
        <MediaUpload
          key={kind}
          kind={kind}
          label={kind === 'audio' ? 'Upload audio' : 'Upload an image'}
          onUploaded={() => void refresh()}
        />
      ))}
    </div>
  );
}
