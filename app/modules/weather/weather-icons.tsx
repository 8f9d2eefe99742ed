import { StrokeIcon } from '#platform/ui';

/** A location pin, for "use my location". */
export function LocationIcon({ size = 16 }: { size?: number }) {
  return (
    <StrokeIcon size={size}>
      <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11z" />
      <circle cx="12" cy="10" r="2.3" />
    </StrokeIcon>
  );
}

/** An arrow pointing where the wind blows to, from its direction (degrees from north). */
export function WindArrow({ from, size = 14 }: { from: number; size?: number }) {
  return (
    <StrokeIcon
      size={size}
      viewBox={16}
      strokeWidth={1.8}
      style={{ transform: `rotate(${from + 180}deg)`, flex: 'none' }}
    >
      <path d="M8 13V3M4.5 6.5L8 3l3.5 3.5" />
    </StrokeIcon>
  );
}
