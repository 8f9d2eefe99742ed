const points = [
  'N',
  'NNE',
  'NE',
  'ENE',
  'E',
  'ESE',
  'SE',
  'SSE',
  'S',
  'SSW',
  'SW',
  'WSW',
  'W',
  'WNW',
  'NW',
  'NNW',
] as const;

/** The 16-point compass name of a direction in degrees from north. */
export function compassPoint(degrees: number): (typeof points)[number] {
  const index = Math.round((((degrees % 360) + 360) % 360) / 22.5) % points.length;
  return points[index] ?? 'N';
}
