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
  type ChartCurve,
} from './cooling-chart-data';
import { formatTenths } from './number-format';

export const dashed = '5 4';

export interface CoolingChartProps {
  curves: readonly ChartCurve[];
  /** Stop and start-rolling levels (`y`) and the ends of the time for compaction (`x`). */
  referenceLines?: readonly ChartReferenceLineProps[];
  /** Said in place of the chart while no curve has a point. */
  emptyText: string;
  height?: number;
  /** The legend above the chart; leave it out where the text around says which line is which. */
  withLegend?: boolean;
}

const numbers = (values: readonly (number | string | undefined)[]) =>
  values.filter((value): value is number => typeof value === 'number');

/**
 * Cooling curves over the minutes since laying: each curve's mean temperature (thick) and
 * surface (thin, dashed), with the levels and minutes that matter drawn across them.
 *
 * @example <CoolingChart curves={[{ id: 'hot', color: 'indigo', meanLabel: 'Mean',
 *   surfaceLabel: 'Surface', points: answer.Curve }]} emptyText={t('...')} />
 */
export function CoolingChart({
  curves,
  referenceLines = [],
  emptyText,
  height = 360,
  withLegend = true,
}: CoolingChartProps) {
  const { t, i18n } = useTranslation();
  const rows = chartRows(curves);
  if (rows.length === 0) return <Text c="dimmed">{emptyText}</Text>;

  const series: LineChartSeries[] = curves.flatMap(({ id, color, meanLabel, surfaceLabel }) => [
    { name: meanKey(id), label: meanLabel, color: `${color}.7` },
    { name: surfaceKey(id), label: surfaceLabel, color: `${color}.4`, strokeDasharray: dashed },
  ]);
  const widths = new Map(curves.map(({ id, meanWidth }) => [meanKey(id), meanWidth ?? 2.5]));
  const [lowest, highest] = temperatureDomain(
    curves,
    numbers(referenceLines.map((line) => line.y)),
  );
  const minutes = lastMinute(curves, numbers(referenceLines.map((line) => line.x)));

  return (
    <LineChart
      h={height}
      data={rows}
      dataKey="Minute"
      series={series}
      curveType="monotone"
      withDots={false}
      withLegend={withLegend}
      legendProps={{ verticalAlign: 'top', height: 44 }}
      lineProps={(line) => ({ strokeWidth: widths.get(line.name) ?? 1.5 })}
      referenceLines={[...referenceLines]}
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
