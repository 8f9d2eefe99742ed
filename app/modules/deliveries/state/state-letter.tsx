import type { StateStyle } from './state-style';

/**
 * A state's letter on its colour, for the eye only (the words beside it say the state): the
 * legend's lines, the map's popups.
 */
export function StateLetter({ style, className }: { style: StateStyle; className?: string }) {
  return (
    <span
      className={className}
      style={{ background: style.background, color: style.foreground }}
      aria-hidden
    >
      {style.letter}
    </span>
  );
}
