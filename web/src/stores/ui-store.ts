import { create } from 'zustand';

export interface ModalMessage {
  kind: 'success' | 'error';
  title: string;
  message: string;
}

export interface Toast {
  id: number;
  kind: 'success' | 'error';
  message: string;
}

export interface ConfirmRequest {
  title: string;
  message: string;
  /** The default (focused) button; "Delete" unless said otherwise. */
  confirmLabel: string;
  resolve: (confirmed: boolean) => void;
}

interface UiState {
  modal: ModalMessage | undefined;
  toasts: Toast[];
  confirmation: ConfirmRequest | undefined;
  showModal: (modal: ModalMessage) => void;
  closeModal: () => void;
  toast: (message: string, kind?: Toast['kind']) => void;
  dismissToast: (id: number) => void;
  /** Opens the confirm dialog; resolves true on the default button, false on Cancel or Escape. */
  confirm: (request: { title: string; message: string; confirmLabel?: string }) => Promise<boolean>;
  settleConfirmation: (confirmed: boolean) => void;
}

const TOAST_MS = 5000;
let nextToastId = 1;

/** UI state shared across screens: the global modal, toasts and the confirm dialog (spec §2). */
export const useUi = create<UiState>()((set, get) => ({
  modal: undefined,
  toasts: [],
  confirmation: undefined,
  showModal: (modal) => set({ modal }),
  closeModal: () => set({ modal: undefined }),
  toast: (message, kind = 'success') => {
    const id = nextToastId++;
    set({ toasts: [...get().toasts, { id, kind, message }] });
    setTimeout(() => get().dismissToast(id), TOAST_MS);
  },
  dismissToast: (id) => set({ toasts: get().toasts.filter((toast) => toast.id !== id) }),
  confirm: ({ title, message, confirmLabel = 'Delete' }) =>
    new Promise<boolean>((resolve) => {
      get().confirmation?.resolve(false);
      set({ confirmation: { title, message, confirmLabel, resolve } });
    }),
  settleConfirmation: (confirmed) => {
    get().confirmation?.resolve(confirmed);
    set({ confirmation: undefined });
  },
}));
