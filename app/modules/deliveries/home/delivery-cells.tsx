import { Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type CellRenderer, type EntityRow, intlLocale, WeatherIcon } from '#platform/ui';
import { deliveryFormat } from '../detail/delivery-format';
import { StateBadge } from '../state/state-badge';
import { stateReasonText } from '../state/state-reason';
import { stateStyle } from '../state/state-style';
import { forecastParts } from './forecast-parts';

const whole = (value: unknown, language: string) =>
  typeof value === 'number' && Number.isFinite(value)
    ? new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 0 }).format(value)
    : null;

/** The state's letter in its colour; on a card, where there is room, its name beside it. */
function StateCell({ row, named }: { row: EntityRow; named: boolean }) {
  const { t } = useTranslation();
  if (!named) return <StateBadge row={row} focusable={false} />;
  return (
    <Group gap={6} wrap="nowrap" component="span">
      <StateBadge row={row} focusable={false} />
      {/* The badge's accessible name says it, with the reason. */}
      <span aria-hidden>{t(stateStyle(row.State).nameKey)}</span>
    </Group>
  );
}

/**
 * The minutes for compaction with their unit ("16.4 min", "More than 60 min" when the mat
 * never cooled to the stop temperature in the model's span); a blank one says why, in its
 * tooltip and its accessible name (rain, no forecast, outside the model's range, ...).
 */
function CompactionTimeCell({ row }: { row: EntityRow }) {
  const { t, i18n } = useTranslation();
  const available = row.AvailableTimeForCompaction;
  if (typeof available === 'number' && Number.isFinite(available)) {
    const minutes = deliveryFormat(i18n.language).minutes(available);
    const params = (row.StateReasonParams ?? {}) as { reachedStop?: unknown };
    return (
      <>
        {params.reachedStop === false
          ? t('DELIVERY.PAGE.MORE_THAN_MINUTES', { minutes })
          : t('DELIVERY.PAGE.MINUTES', { minutes })}
      </>
    );
  }
  const reason = stateReasonText(row, t, i18n.language);
  const why = reason ? t('DELIVERY.NO_MINUTES_BECAUSE', { reason }) : t('DELIVERY.PAGE.NO_MINUTES');
  return (
    <Tooltip label={why} withArrow openDelay={200} multiline maw={280}>
      <Text span size="sm" c="dimmed">
        <span aria-hidden>–</span>
        <VisuallyHidden>{why}</VisuallyHidden>
      </Text>
    </Tooltip>
  );
}

function UnitCell({ row }: { row: EntityRow }) {
  const code = typeof row.UnitCode === 'string' ? row.UnitCode : '';
  const name = typeof row.UnitName === 'string' ? row.UnitName : '';
  if (!name) return <>{code}</>;
  return (
    <Tooltip label={name} withArrow openDelay={200}>
      <span>
        {code}
        <VisuallyHidden>, {name}</VisuallyHidden>
      </span>
    </Tooltip>
  );
}

/** The forecast at the site and hour: the weather's icon, the temperature and the wind. */
function WeatherCell({ row }: { row: EntityRow }) {
  const { t, i18n } = useTranslation();
  const temperature = whole(row.WeatherForecastTemperature, i18n.language);
  const wind = whole(row.WindSpeed, i18n.language);
  if (temperature === null && wind === null) {
    return (
      <Text span size="sm" c="dimmed">
        {t('DELIVERY.NO_FORECAST')}
      </Text>
    );
  }
  const { code, icon, summary } = forecastParts(row.WeatherForecastAsHtml);
  const words = [
    summary,
    temperature !== null && t('DELIVERY.FORECAST_TEMPERATURE', { temperature }),
    wind !== null && t('DELIVERY.FORECAST_WIND', { wind }),
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Tooltip label={words} withArrow openDelay={200} multiline maw={280}>
      <Group gap={6} wrap="nowrap" component="span">
        {/* Read as the words of the tooltip; the icon and figures are for the eye. */}
        <VisuallyHidden>{words}</VisuallyHidden>
        {code !== null ? (
          <WeatherIcon code={code} size={18} />
        ) : (
          icon && <span aria-hidden>{icon}</span>
        )}
        {temperature !== null && (
          <span aria-hidden>{t('DELIVERY.FORECAST_TEMPERATURE', { temperature })}</span>
        )}
        {wind !== null && (
          <Text span size="xs" c="dimmed" aria-hidden>
            {t('DELIVERY.FORECAST_WIND', { wind })}
          </Text>
        )}
      </Group>
    </Tooltip>
  );
}

/** The home grid's cells drawn by hand, registered into the engine's grid by field. */
export const deliveryCells: Partial<Record<string, CellRenderer<EntityRow>>> = {
  State: (_value, row, placement) => <StateCell row={row} named={placement === 'card'} />,
  AvailableTimeForCompaction: (_value, row) => <CompactionTimeCell row={row} />,
  UnitCode: (_value, row) => <UnitCell row={row} />,
  WeatherForecastAsHtml: (_value, row) => <WeatherCell row={row} />,
};

/** A state code in the state column's value list: its colour, letter and name. */
export function StateFilterValue({ code }: { code: string }) {
  const { t } = useTranslation();
  const style = stateStyle(code);
  return (
    <Group gap={6} wrap="nowrap" component="span">
      <span
        aria-hidden
        style={{
          display: 'inline-flex',
          width: 18,
          height: 16,
          borderRadius: 3,
          alignItems: 'center',
          justifyContent: 'center',
          fontSize: 11,
          fontWeight: 700,
          background: style.background,
          color: style.foreground,
        }}
      >
        {style.letter}
      </span>
      {t(style.nameKey)}
    </Group>
  );
}
