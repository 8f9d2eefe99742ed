import { StrokeIcon } from '../icons/stroke-icon';

/** A small downward chevron for menu targets; decorative. */
export function ChevronIcon({ size = 12 }: { size?: number }) {
  return (
    <StrokeIcon size={size} viewBox={16}>
      <path d="M4 6l4 4 4-4" />
    </StrokeIcon>
  );
}
