import { create } from 'zustand';
import type { DialogEntry, DialogOutcome } from './dialog-types';

interface DialogStoreState {
  /** Open dialogs, bottom first; the last one is on top. */
  entries: DialogEntry[];
  open: (entry: DialogEntry) => void;
  close: (id: number, outcome?: DialogOutcome) => void;
  closeAll: () => void;
}

let lastId = 0;

/** What had the focus when each dialog opened, to give it back when the dialog closes. */
const openers = new Map<number, Element | null>();

function rememberOpener(id: number): void {
  openers.set(id, typeof document === 'undefined' ? null : document.activeElement);
}

function returnFocus(id: number): void {
  const opener = openers.get(id);
  openers.delete(id);
  if (!opener || typeof HTMLElement === 'undefined' || !(opener instanceof HTMLElement)) return;
  // After React has removed the modal and its focus trap.
  setTimeout(() => {
    if (opener.isConnected) opener.focus({ preventScroll: true });
  }, 0);
}

/** A fresh dialog id, unique for the page load. */
export function nextDialogId(): number {
  lastId += 1;
  return lastId;
}

/**
 * The stack of open modal dialogs. Use the `dialogs` API to open them; read the store to
 * render them (`<DialogHost />`) or to inspect them in tests.
 *
 * @example
 * const count = useDialogStore((state) => state.entries.length);
 */
export const useDialogStore = create<DialogStoreState>()((set, get) => ({
  entries: [],
  open: (entry) => {
    rememberOpener(entry.id);
    set((state) => ({ entries: [...state.entries, entry] }));
  },
  close: (id, outcome = 'dismiss') => {
    const entry = get().entries.find((candidate) => candidate.id === id);
    if (!entry) return;
    set((state) => ({ entries: state.entries.filter((candidate) => candidate.id !== id) }));
    returnFocus(id);
    entry.settle(outcome);
  },
  closeAll: () => {
    const closing = [...get().entries].reverse();
    set({ entries: [] });
    for (const entry of closing) {
      returnFocus(entry.id);
      entry.settle('dismiss');
    }
  },
}));
