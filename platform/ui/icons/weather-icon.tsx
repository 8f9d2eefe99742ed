import type { ReactNode } from 'react';
import { StrokeIcon } from './stroke-icon';

type Kind = 'clear' | 'partly' | 'cloud' | 'fog' | 'drizzle' | 'rain' | 'snow' | 'thunder';

/** The picture a WMO weather code is drawn with. */
function weatherKind(code: number | null): Kind {
  if (code === null || code <= 1) return code === 1 ? 'partly' : 'clear';
  if (code === 2) return 'partly';
  if (code === 3 || code === 18 || code === 19) return 'cloud';
  if (code < 50) return 'fog';
  if (code < 60) return 'drizzle';
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return 'snow';
  if (code >= 95) return 'thunder';
  return 'rain';
}

const sun = <circle cx="12" cy="12" r="4.5" fill="#f59f00" stroke="none" />;
const rays = (
  <g stroke="#f59f00">
    <path d="M12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4" />
  </g>
);
const cloud = (fill: string) => (
  <path
    d="M7 18h10.5a3.5 3.5 0 0 0 .4-7A5 5 0 0 0 8.2 9.6 4.2 4.2 0 0 0 7 18z"
    fill={fill}
    stroke="#868e96"
  />
);
const drops = (count: number) => (
  <g stroke="#228be6">
    {[8, 12, 16].slice(0, count).map((x) => (
      <path key={x} d={`M${x} 19.5l-1 2.5`} />
    ))}
  </g>
);

const pictures: Record<Kind, ReactNode> = {
  clear: (
    <>
      {sun}
      {rays}
    </>
  ),
  partly: (
    <>
      <g transform="translate(-3 -3) scale(0.8)">
        {sun}
        {rays}
      </g>
      {cloud('#f8f9fa')}
    </>
  ),
  cloud: cloud('#dee2e6'),
  fog: (
    <g stroke="#868e96">
      <path d="M4 9h16M3 13h18M5 17h14" />
    </g>
  ),
  drizzle: (
    <g transform="translate(0 -2)">
      {cloud('#dee2e6')}
      {drops(2)}
    </g>
  ),
  rain: (
    <g transform="translate(0 -2)">
      {cloud('#ced4da')}
      {drops(3)}
    </g>
  ),
  snow: (
    <g transform="translate(0 -2)">
      {cloud('#e9ecef')}
      <g fill="#74c0fc" stroke="none">
        <circle cx="8" cy="21" r="1.1" />
        <circle cx="12" cy="22" r="1.1" />
        <circle cx="16" cy="21" r="1.1" />
      </g>
    </g>
  ),
  thunder: (
    <g transform="translate(0 -2)">
      {cloud('#adb5bd')}
      <path d="M12.5 17l-2 3.5h3l-2 3.5" stroke="#f59f00" />
    </g>
  ),
};

/** A small picture of the weather; decorative, the text beside it says the same. */
export function WeatherIcon({ code, size = 22 }: { code: number | null; size?: number }) {
  return (
    <StrokeIcon size={size} strokeWidth={1.5} style={{ flex: 'none' }}>
      {pictures[weatherKind(code)]}
    </StrokeIcon>
  );
}
