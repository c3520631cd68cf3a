import type { AudioProcessing } from '@podz/proto';
import { create } from 'zustand';

interface ProcessingState {
  /** The latest pushed processing state of each of the member's audio files, by upload id. */
  byId: Record<string, AudioProcessing>;
  pushed: (id: string, processing: AudioProcessing) => void;
}

/**
 * What the socket said of the member's files being processed (`media:processing`), ahead of the
 * stored state a page read: the progress bars move without reading again.
 */
export const useProcessing = create<ProcessingState>((set) => ({
  byId: {},
  pushed: (id, processing) => set((state) => ({ byId: { ...state.byId, [id]: processing } })),
}));
