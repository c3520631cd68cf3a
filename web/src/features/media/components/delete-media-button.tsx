import type { MediaItem } from '@podz/proto';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useUi } from '../../../stores/ui-store';
import { useDeleteMedia } from '../api/media-api';

/** Deletes an upload after a confirm; the service refuses one in use and says where (409). */
export function DeleteMediaButton({ item, label }: { item: MediaItem; label: string }) {
  const remove = useDeleteMedia();
  const confirm = useUi((state) => state.confirm);
  const showModal = useUi((state) => state.showModal);
  const onDelete = async () => {
    if (!(await confirm({ title: 'Delete file?', message: `${label} will be deleted for good.` }))) return;
    // Awaited: the list refreshes without this file before per-call callbacks could run.
    try {
      await remove.mutateAsync(item.id);
      showModal({ kind: 'success', title: 'File deleted', message: `${label} is gone.` });
    } catch (error) {
      showModal({ kind: 'error', title: 'Not deleted', message: errorMessage(error) });
    }
  };
  return (
    <Button
      variant="ghost"
      aria-label={`Delete ${label}`}
      disabled={remove.isPending}
      onClick={() => void onDelete()}
    >
      Delete
    </Button>
  );
}
