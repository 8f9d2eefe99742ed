import { create } from 'zustand';

interface PageRevealState {
  revealed: boolean;
  reveal: () => void;
  conceal: () => void;
}

/**
 * Whether the page is shown: the shell keeps a loading overlay until it is revealed, and
 * every HTTP error reveals it so the user is never left behind the overlay.
 *
 * @example
 * const revealed = usePageReveal((state) => state.revealed);
 * usePageReveal.getState().reveal();
 */
export const usePageReveal = create<PageRevealState>()((set) => ({
  revealed: false,
  reveal: () => set({ revealed: true }),
  conceal: () => set({ revealed: false }),
}));
