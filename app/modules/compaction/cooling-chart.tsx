import type { ChartReferenceLineProps } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { CoolingChart as CurvesChart, dashed } from '../../shared/cooling/cooling-chart';
import {
  lastMinute,
  temperatureDomain,
  type ChartCurve,
} from '../../shared/cooling/cooling-chart-data';
import { formatTenths } from '../../shared/cooling/number-format';
import { scenarioCurves, scenarioLevels, type ScenarioAnswer } from './cooling-chart-data';

function useReferenceLines(
  answers: readonly ScenarioAnswer[],
  curves: readonly ChartCurve[],
): ChartReferenceLineProps[] {
  const { t, i18n } = useTranslation();
  const format = (value: number) => formatTenths(value, i18n.language);
  const calculated = answers.flatMap(({ name, color, result }) =>
    result ? [{ name, color, result }] : [],
  );
  const startRolling = calculated[0]?.result.StartRollingTemperature;
  const lines: ChartReferenceLineProps[] = [];
  // On a horizontal line recharts puts 'insideBottom' labels above it, 'insideTop' below.
  if (startRolling !== undefined) {
    lines.push({
      y: startRolling,
      color: 'gray.6',
      strokeDasharray: dashed,
      label: t('COMPACTION.CHART.START_ROLLING', { temperature: format(startRolling) }),
      labelPosition: 'insideBottomRight',
    });
  }
  const stops = [...calculated].sort((a, b) => b.result.StopTemperature - a.result.StopTemperature);
  // Labels sit above their lines at the left, where the curves are still far hotter; the lower
  // one goes below when the two lines are too close for a label between them.
  const [lowest, highest] = temperatureDomain(curves, scenarioLevels(answers));
  const gap = (stops[0]?.result.StopTemperature ?? 0) - (stops[1]?.result.StopTemperature ?? 0);
  const crowded = gap / (highest - lowest) < 0.08;
  stops.forEach(({ name, color, result }, index) => {
    const shared = stops.filter((other) => other.result.StopTemperature === result.StopTemperature);
    if (shared[0]?.name !== name) return;
    lines.push({
      y: result.StopTemperature,
      color: shared.length > 1 ? 'gray.7' : `${color}.7`,
      label: t('COMPACTION.CHART.STOP', {
        scenario: shared.map((other) => other.name).join(', '),
        temperature: format(result.StopTemperature),
      }),
      labelPosition: index > 0 && crowded ? 'insideTopLeft' : 'insideBottomLeft',
    });
  });
  const ends = calculated
    .filter(({ result }) => result.ReachedStop)
    .sort((a, b) => a.result.AvailableTimeForCompaction - b.result.AvailableTimeForCompaction);
  const range = lastMinute(curves);
  ends.forEach(({ name, color, result }, index) => {
    const minutes = result.AvailableTimeForCompaction;
    // Labels on alternate ends of the lines, and on the line's left near the chart's right edge.
    const leftOfLine = minutes > range * 0.8 || (index === 0 && ends.length > 1);
    lines.push({
      x: minutes,
      color: `${color}.7`,
      strokeDasharray: dashed,
      label: t('COMPACTION.CHART.TAC', { scenario: name, minutes: format(minutes) }),
      labelPosition: `${index === 0 ? 'insideTop' : 'insideBottom'}${leftOfLine ? 'Right' : 'Left'}`,
    });
  });
  return lines;
}

/** Mean (thick) and surface (thin, dashed) temperature of each scenario over the minutes. */
export function CoolingChart({ answers }: { answers: readonly ScenarioAnswer[] }) {
  const { t } = useTranslation();
  const curves = scenarioCurves(answers, {
    mean: (scenario) => t('COMPACTION.CHART.MEAN', { scenario }),
    surface: (scenario) => t('COMPACTION.CHART.SURFACE', { scenario }),
  });
  const referenceLines = useReferenceLines(answers, curves);
  return (
    <CurvesChart
      curves={curves}
      referenceLines={referenceLines}
      emptyText={t('COMPACTION.CHART.EMPTY')}
    />
  );
}
