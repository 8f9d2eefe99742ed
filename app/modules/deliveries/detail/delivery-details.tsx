import { DataList, SimpleGrid, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { deliveryEntity, deliverySchema } from '#metadata';
import type { DeliveryRow } from './delivery-api';
import { labelWraps } from './data-list-styles';
import { deliveryFormat, type DeliveryFormat } from './delivery-format';

type Property = { title?: string; type?: unknown; format?: string };
const properties = deliverySchema.properties as Record<string, Property>;
const form = deliveryEntity.form as Record<string, unknown>;

/** Shown above the details already (state, minutes, inputs, forecast) or meaningless to staff. */
const shownElsewhere = new Set([
  'State',
  'StateReason',
  'StateReasonCode',
  'StateNeededMinutes',
  'AvailableTimeForCompaction',
  'OutputTemperature',
  'Thickness',
  'EvoThermAllowed',
  'WeatherForecastTemperature',
  'WindSpeed',
  'WeatherSiteName',
  'WeatherSiteDistanceKm',
  'StateForecastFetchedAt',
  'MaterialId',
  'UnitId',
  'WeatherSiteId',
  'Mine',
]);

const hidden = (field: string) => {
  const ui = form[field] as { 'ui:widget'?: unknown } | undefined;
  return ui?.['ui:widget'] === 'hidden';
};

/** The fields in the form definition's order, then the schema's, without the hidden ones. */
const detailFields: readonly string[] = (() => {
  const order = (form['ui:order'] as string[]).filter((field) => field !== '*');
  const rest = Object.keys(properties).filter((field) => !order.includes(field));
  return [...order, ...rest].filter((field) => !hidden(field) && !shownElsewhere.has(field));
})();

/** Fields holding a code, shown as its words: the translation key of each code. */
const codedFields = new Map<string, (code: string) => string>([
  ['LocationSource', (code) => `DELIVERY.LOCATION_SOURCE.${code}`],
]);

function shown(
  value: unknown,
  property: Property,
  format: DeliveryFormat,
  yesNo: (value: boolean) => string,
) {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return yesNo(value);
  if (typeof value === 'number') return format.number(value);
  if (typeof value !== 'string') return JSON.stringify(value);
  if (property.format === 'date') return format.day(value);
  if (property.format === 'date-time') return format.moment(value);
  return value;
}

/**
 * The delivery's other fields as a definition list, titled and ordered by its metadata (the
 * schema's titles, the form definition's order and hidden fields): read at a glance, where a
 * form of disabled inputs would be twice as tall and harder to read.
 */
export function DeliveryDetails({ delivery }: { delivery: DeliveryRow }) {
  const { t, i18n } = useTranslation();
  const wide = useMediaQuery('(min-width: 48em)') ?? false;
  const format = deliveryFormat(i18n.language);
  const yesNo = (value: boolean) => t(value ? 'DELIVERY.PAGE.YES' : 'DELIVERY.PAGE.NO');
  const row = delivery as Record<string, unknown>;
  const items = detailFields.map((field) => {
    const property = properties[field] ?? {};
    const codeKey = codedFields.get(field);
    return {
      field,
      label: t(property.title ?? field),
      value: codeKey
        ? t(codeKey(String(row[field])), {
            defaultValue: String(row[field] ?? '—'),
          })
        : shown(row[field], property, format, yesNo),
    };
  });
  const half = Math.ceil(items.length / 2);

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('DELIVERY.PAGE.DETAILS')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" verticalSpacing={{ base: 'xs', md: 0 }}>
        {[items.slice(0, half), items.slice(half)].map((column, index) => (
          <DataList
            key={index}
            size="sm"
            gap={6}
            labelWidth={wide ? 230 : 140}
            styles={labelWraps}
            withDivider
          >
            {column.map((item) => (
              <DataList.Item key={item.field}>
                <DataList.ItemLabel>{item.label}</DataList.ItemLabel>
                <DataList.ItemValue>{item.value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
