import '@mantine/charts/styles.css';
import { CompositeChart, type CompositeChartSeries } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { YAxis } from 'recharts';
import type { ForecastHour } from '#metadata';
import type { ForecastDay } from './forecast-days';
import { weatherFormat } from './locale';

interface ChartRow {
  at: number;
  temperature: number;
  wind: number;
  rain: number | null;
}

const units: Record<string, string> = { temperature: ' °C', wind: ' km/h', rain: ' %' };

function row(at: Date, hour: ForecastHour): ChartRow {
  return {
    at: at.getTime(),
    temperature: hour.airTemperature,
    wind: hour.windSpeedKmh,
    rain: hour.precipitationProbability,
  };
}

/** A day or an hour of the axis and tooltip; recharts may pass what is not a time. */
const asDate = (value: unknown) => {
  const time = new Date(Number(value));
  return Number.isNaN(time.getTime()) ? null : time;
};

/** Temperature and wind as lines, the chance of rain as bars, over the whole forecast. */
export function ForecastChart({ days }: { days: readonly ForecastDay[] }) {
  const { t, i18n } = useTranslation();
  const format = weatherFormat(i18n.language);
  const rows = days.flatMap((day) => day.hours.map(({ at, hour }) => row(at, hour)));
  const first = rows[0]?.at ?? 0;
  const last = rows.at(-1)?.at ?? 0;
  // Wind on round tens, never so compressed that a breeze looks like a gale.
  const windTop = Math.max(20, Math.ceil(Math.max(...rows.map((each) => each.wind)) / 10) * 10);
  const midnights = days.map((day) => day.start).filter((start) => start >= first);
  const series: CompositeChartSeries[] = [
    { name: 'rain', label: t('WEATHER.CHART.RAIN'), color: 'blue.2', type: 'bar', yAxisId: 'rain' },
    { name: 'temperature', label: t('WEATHER.CHART.TEMPERATURE'), color: 'orange.6', type: 'line' },
    {
      name: 'wind',
      label: t('WEATHER.CHART.WIND'),
      color: 'teal.7',
      type: 'line',
      yAxisId: 'right',
    },
  ];

  return (
    <CompositeChart
      h={240}
      data={rows}
      dataKey="at"
      series={series}
      curveType="monotone"
      withDots={false}
      withLegend
      legendProps={{ verticalAlign: 'top' }}
      withRightYAxis
      yAxisLabel={t('WEATHER.CHART.LEFT_AXIS')}
      rightYAxisLabel={t('WEATHER.CHART.RIGHT_AXIS')}
      gridAxis="xy"
      xAxisProps={{
        type: 'number',
        scale: 'time',
        domain: [first, last],
        ticks: midnights,
        interval: 'equidistantPreserveStart',
        tickFormatter: (value: unknown) => {
          const day = asDate(value);
          return day ? format.shortDay(day) : '';
        },
      }}
      yAxisProps={{ allowDecimals: false, tickFormatter: format.whole }}
      rightYAxisProps={{ allowDecimals: false, domain: [0, windTop], tickFormatter: format.whole }}
      lineProps={(line) => ({ unit: units[line.name], strokeWidth: 2 })}
      barProps={{ unit: units.rain }}
      valueFormatter={format.tenths}
      tooltipProps={{
        labelFormatter: (value) => {
          const time = asDate(value);
          return time ? `${format.shortDay(time)} ${format.hour(time)}` : '';
        },
      }}
      composedChartProps={{ margin: { top: 4, right: 8, bottom: 4, left: 8 }, barCategoryGap: 0 }}
    >
      {/* The chance of rain fills the height at 100 %; the table gives the figures. */}
      <YAxis yAxisId="rain" hide domain={[0, 100]} />
    </CompositeChart>
  );
}
