import type { CompactionResult } from '#metadata';
import type { ChartCurve } from '../../shared/cooling/cooling-chart-data';
import type { ScenarioName } from './scenario';

export interface ScenarioAnswer {
  name: ScenarioName;
  color: string;
  result: CompactionResult | null;
}

/** Each calculated scenario's curve; the first drawn widest, so it shows where they overlap. */
export function scenarioCurves(
  answers: readonly ScenarioAnswer[],
  labels: { mean: (name: ScenarioName) => string; surface: (name: ScenarioName) => string },
): ChartCurve[] {
  return answers.map(({ name, color, result }, index) => ({
    id: name,
    color,
    meanLabel: labels.mean(name),
    surfaceLabel: labels.surface(name),
    points: result?.Curve ?? [],
    meanWidth: index === 0 ? 4.5 : 2.5,
  }));
}

/** The stop and start-rolling temperatures of the calculated scenarios. */
export function scenarioLevels(answers: readonly ScenarioAnswer[]): number[] {
  return answers.flatMap(({ result }) =>
    result ? [result.StopTemperature, result.StartRollingTemperature] : [],
  );
}
