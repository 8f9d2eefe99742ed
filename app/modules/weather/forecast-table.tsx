import { Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ForecastHour } from '#metadata';
import { WeatherIcon } from '#platform/ui';
import { compassPoint } from './compass';
import type { ForecastDay } from './forecast-days';
import { weatherFormat, type WeatherFormat } from './locale';
import { WindArrow } from './weather-icons';

const columns = [
  'WEATHER.TABLE.TIME',
  'WEATHER.TABLE.WEATHER',
  'WEATHER.TABLE.TEMPERATURE',
  'WEATHER.TABLE.WIND',
  'WEATHER.TABLE.GUST',
  'WEATHER.TABLE.DIRECTION',
  'WEATHER.TABLE.CLOUD',
  'WEATHER.TABLE.RAIN_CHANCE',
  'WEATHER.TABLE.RAIN_MM',
] as const;

function HourRow({ at, hour, format }: { at: Date; hour: ForecastHour; format: WeatherFormat }) {
  const { t } = useTranslation();
  const none = t('WEATHER.TABLE.NONE');
  const optional = (value: number | null, show: (value: number) => string) =>
    value === null ? none : show(value);
  const weather =
    hour.weatherCode === null
      ? hour.weatherText
      : t(`WEATHER.CODE.${hour.weatherCode}`, { defaultValue: hour.weatherText });
  const direction = hour.windDirection;
  const point = direction === null ? null : compassPoint(direction);

  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        <time dateTime={hour.time}>{format.hour(at)}</time>
      </Table.Th>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <WeatherIcon code={hour.weatherCode} />
          <Text size="sm" span>
            {weather}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td ta="right" fw={600}>
        {format.oneDecimal(hour.airTemperature)}
      </Table.Td>
      <Table.Td ta="right">{format.whole(hour.windSpeedKmh)}</Table.Td>
      <Table.Td ta="right">{optional(hour.windGustKmh, format.whole)}</Table.Td>
      <Table.Td>
        {direction === null || point === null ? (
          none
        ) : (
          <Group
            gap={4}
            wrap="nowrap"
            title={t('WEATHER.DIRECTION_FROM', {
              direction: t(`WEATHER.COMPASS.${point}`),
              degrees: format.whole(direction),
            })}
          >
            <WindArrow from={direction} />
            <span>{t(`WEATHER.COMPASS.${point}`)}</span>
          </Group>
        )}
      </Table.Td>
      <Table.Td ta="right">{optional(hour.cloudCoverPercent, format.whole)}</Table.Td>
      <Table.Td ta="right">{optional(hour.precipitationProbability, format.whole)}</Table.Td>
      <Table.Td ta="right">{optional(hour.precipitationMm, format.oneDecimal)}</Table.Td>
    </Table.Tr>
  );
}

/** Every hour of the forecast, one group per day under the day's heading. */
export function ForecastTable({ days }: { days: readonly ForecastDay[] }) {
  const { t, i18n } = useTranslation();
  const format = weatherFormat(i18n.language);

  return (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table
        fz="sm"
        verticalSpacing={4}
        horizontalSpacing="xs"
        striped
        highlightOnHover
        style={{ whiteSpace: 'nowrap' }}
        aria-label={t('WEATHER.TABLE.CAPTION')}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((key, index) => (
              <Table.Th key={key} scope="col" ta={index >= 2 && index !== 5 ? 'right' : undefined}>
                {t(key)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        {days.map((day) => (
          <Table.Tbody key={day.start}>
            <Table.Tr bg="var(--mantine-color-default-hover)">
              <Table.Th scope="rowgroup" colSpan={columns.length} fz="md" fw={650} pt="sm">
                {format.day(new Date(day.start))}
              </Table.Th>
            </Table.Tr>
            {day.hours.map(({ at, hour }) => (
              <HourRow key={hour.time} at={at} hour={hour} format={format} />
            ))}
          </Table.Tbody>
        ))}
      </Table>
    </Table.ScrollContainer>
  );
}
