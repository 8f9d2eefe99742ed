import { Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type CellRenderer, type EntityRow, intlLocale, WeatherIcon } from '#platform/ui';
import { StateBadge } from '../state/state-badge';
import { stateStyle } from '../state/state-style';
import { forecastParts } from './forecast-parts';

const whole = (value: unknown, language: string) =>
  typeof value === 'number' && Number.isFinite(value)
    ? new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 0 }).format(value)
    : null;

function StateCell({ row }: { row: EntityRow }) {
  return <StateBadge row={row} focusable={false} />;
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
  State: (_value, row) => <StateCell row={row} />,
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
