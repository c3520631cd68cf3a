import { create } from 'zustand';

/** The live new-message count behind the Messages badge, pushed over Socket.IO. */
export const useMessageCount = create<{ count: number; setCount: (count: number) => void }>()((set) => ({
  count: 0,
  setCount: (count) => set({ count: Math.max(0, count) }),
}));
