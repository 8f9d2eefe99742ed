import '@mantine/charts/styles.css';
import { LineChart, type ChartReferenceLineProps, type LineChartSeries } from '@mantine/charts';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  chartRows,
  lastMinute,
  meanKey,
  surfaceKey,
  temperatureDomain,
  ticksBetween,
  type ScenarioAnswer,
} from './cooling-chart-data';
import { formatTenths } from './number-format';

const dashed = '5 4';

function useReferenceLines(answers: readonly ScenarioAnswer[]): ChartReferenceLineProps[] {
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
  const [lowest, highest] = temperatureDomain(answers);
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
  const range = lastMinute(answers);
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
  const { t, i18n } = useTranslation();
  const referenceLines = useReferenceLines(answers);
  const rows = chartRows(answers);
  if (rows.length === 0) return <Text c="dimmed">{t('COMPACTION.CHART.EMPTY')}</Text>;

  const series: LineChartSeries[] = answers.flatMap(({ name, color }) => [
    {
      name: meanKey(name),
      label: t('COMPACTION.CHART.MEAN', { scenario: name }),
      color: `${color}.7`,
    },
    {
      name: surfaceKey(name),
      label: t('COMPACTION.CHART.SURFACE', { scenario: name }),
      color: `${color}.4`,
      strokeDasharray: dashed,
    },
  ]);
  // The first scenario's mean is drawn widest, so it shows around the second where they overlap.
  const widths = new Map(
    answers.map(({ name }, index) => [meanKey(name), index === 0 ? 4.5 : 2.5]),
  );
  const [lowest, highest] = temperatureDomain(answers);
  const minutes = lastMinute(answers);

  return (
    <LineChart
      h={360}
      data={rows}
      dataKey="Minute"
      series={series}
      curveType="monotone"
      withDots={false}
      withLegend
      legendProps={{ verticalAlign: 'top', height: 44 }}
      lineProps={(line) => ({ strokeWidth: widths.get(line.name) ?? 1.5 })}
      referenceLines={referenceLines}
      gridAxis="xy"
      xAxisLabel={t('COMPACTION.CHART.MINUTES')}
      yAxisLabel={t('COMPACTION.CHART.TEMPERATURE')}
      xAxisProps={{
        type: 'number',
        domain: [0, minutes],
        ticks: ticksBetween(0, minutes, 12),
        interval: 0,
      }}
      yAxisProps={{
        domain: [lowest, highest],
        ticks: ticksBetween(lowest, highest, 7),
        allowDecimals: false,
        tickFormatter: (value: number) => formatTenths(value, i18n.language),
      }}
      lineChartProps={{ margin: { top: 8, right: 16, bottom: 30, left: 12 } }}
      valueFormatter={(value) => `${formatTenths(value, i18n.language)} °C`}
      tooltipProps={{
        labelFormatter: (minute) => t('COMPACTION.CHART.MINUTE', { minute: String(minute) }),
      }}
    />
  );
}
