import type { CompactionResult } from '#metadata';
import type { ScenarioName } from './scenario';

export interface ScenarioAnswer {
  name: ScenarioName;
  color: string;
  result: CompactionResult | null;
}

export type ChartRow = { Minute: number } & Partial<Record<string, number>>;

export const meanKey = (name: ScenarioName) => `${name}Mean`;
export const surfaceKey = (name: ScenarioName) => `${name}Surface`;

/** One row per minute with each scenario's mean and surface temperature, where it has one. */
export function chartRows(answers: readonly ScenarioAnswer[]): ChartRow[] {
  const rows = new Map<number, ChartRow>();
  for (const { name, result } of answers) {
    for (const point of result?.Curve ?? []) {
      const row = rows.get(point.Minute) ?? { Minute: point.Minute };
      row[meanKey(name)] = point.MeanTemperature;
      row[surfaceKey(name)] = point.SurfaceTemperature;
      rows.set(point.Minute, row);
    }
  }
  return [...rows.values()].sort((a, b) => a.Minute - b.Minute);
}

/** Temperature axis bounds on tens, wide enough for the curves and every reference line. */
export function temperatureDomain(answers: readonly ScenarioAnswer[]): [number, number] {
  const values = answers.flatMap(({ result }) =>
    result
      ? [
          result.StopTemperature,
          result.StartRollingTemperature,
          ...result.Curve.flatMap((point) => [point.MeanTemperature, point.SurfaceTemperature]),
        ]
      : [],
  );
  if (values.length === 0) return [0, 160];
  return [
    Math.floor((Math.min(...values) - 5) / 10) * 10,
    Math.ceil(Math.max(...values) / 10) * 10,
  ];
}

/** The last minute any curve reaches. */
export function lastMinute(answers: readonly ScenarioAnswer[]): number {
  return Math.max(1, ...answers.flatMap(({ result }) => result?.Curve.at(-1)?.Minute ?? 0));
}

const tickSteps = [1, 2, 5, 10, 15, 20, 30, 60, 120] as const;

/** Round ticks from `from` to `to` (inclusive when on a step), at most `most` of them. */
export function ticksBetween(from: number, to: number, most: number): number[] {
  const step = tickSteps.find((candidate) => (to - from) / candidate <= most - 1) ?? 240;
  const ticks: number[] = [];
  for (let tick = Math.ceil(from / step) * step; tick <= to; tick += step) ticks.push(tick);
  return ticks;
}
