import type { CSSProperties, ReactNode } from 'react';

export interface StrokeIconProps {
  size?: number;
  /** Names the icon for assistive technology; without it the icon is decorative. */
  label?: string;
  className?: string;
  style?: CSSProperties;
  /** The drawing's grid: 24 (Tabler-like) unless said otherwise. */
  viewBox?: number;
  strokeWidth?: number;
  /** The stroke colour; `currentColor` follows the text. */
  stroke?: string;
  children: ReactNode;
}

/**
 * A line-drawn SVG icon: decorative (hidden from assistive technology) unless given a label.
 *
 * @example <StrokeIcon size={16}><path d="M4 6l4 4 4-4" /></StrokeIcon>
 */
export function StrokeIcon({
  size = 16,
  label,
  className,
  style,
  viewBox = 24,
  strokeWidth = 2,
  stroke = 'currentColor',
  children,
}: StrokeIconProps) {
  return (
    <svg
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
      className={className}
      style={style}
      width={size}
      height={size}
      viewBox={`0 0 ${viewBox} ${viewBox}`}
      fill="none"
      stroke={stroke}
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}
