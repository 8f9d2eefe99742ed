import type { CoolingPoint } from '#metadata';

/** One cooling curve to draw: the lift's mean temperature (solid) and its surface (dashed). */
export interface ChartCurve {
  /** Unique among the chart's curves; names its series. */
  id: string;
  /** A Mantine colour name ('indigo'); the mean is drawn in shade 7, the surface in 4. */
  color: string;
  meanLabel: string;
  surfaceLabel: string;
  points: readonly CoolingPoint[];
  /** Width of the mean line; default 2.5. */
  meanWidth?: number;
}

export type ChartRow = { Minute: number } & Partial<Record<string, number>>;

export const meanKey = (id: string) => `${id}Mean`;
export const surfaceKey = (id: string) => `${id}Surface`;

/** One row per minute with each curve's mean and surface temperature, where it has one. */
export function chartRows(curves: readonly ChartCurve[]): ChartRow[] {
  const rows = new Map<number, ChartRow>();
  for (const { id, points } of curves) {
    for (const point of points) {
      const row = rows.get(point.Minute) ?? { Minute: point.Minute };
      row[meanKey(id)] = point.MeanTemperature;
      row[surfaceKey(id)] = point.SurfaceTemperature;
      rows.set(point.Minute, row);
    }
  }
  return [...rows.values()].sort((a, b) => a.Minute - b.Minute);
}

/**
 * Temperature axis bounds on tens, wide enough for the curves and the levels drawn across them
 * (stop and start-rolling temperatures).
 */
export function temperatureDomain(
  curves: readonly ChartCurve[],
  levels: readonly number[] = [],
): [number, number] {
  const values = [
    ...levels,
    ...curves.flatMap(({ points }) =>
      points.flatMap((point) => [point.MeanTemperature, point.SurfaceTemperature]),
    ),
  ];
  if (values.length === 0) return [0, 160];
  return [
    Math.floor((Math.min(...values) - 5) / 10) * 10,
    Math.ceil(Math.max(...values) / 10) * 10,
  ];
}

/** The last minute any curve reaches, or any mark drawn at a minute. */
export function lastMinute(curves: readonly ChartCurve[], marks: readonly number[] = []): number {
  return Math.max(1, ...marks, ...curves.map(({ points }) => points.at(-1)?.Minute ?? 0));
}

const tickSteps = [1, 2, 5, 10, 15, 20, 30, 60, 120] as const;

/** Round ticks from `from` to `to` (inclusive when on a step), at most `most` of them. */
export function ticksBetween(from: number, to: number, most: number): number[] {
  const step = tickSteps.find((candidate) => (to - from) / candidate <= most - 1) ?? 240;
  const ticks: number[] = [];
  for (let tick = Math.ceil(from / step) * step; tick <= to; tick += step) ticks.push(tick);
  return ticks;
}
