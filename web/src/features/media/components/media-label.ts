import type { MediaItem } from '@podz/proto';
import { formatDate } from '../../../lib/format';

/** What people call a file: its uploaded name, or its kind and day for files from before names were kept. */
export const mediaLabel = (item: MediaItem) =>
  item.name || `${item.kind === 'audio' ? 'Audio' : 'Image'} of ${formatDate(item.createdAt)}`;
