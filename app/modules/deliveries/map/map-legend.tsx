import { Group, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { stateCodes, stateStyle } from '../state/state-style';
import classes from './delivery-map.module.css';

export interface MapLegendProps {
  /** How many deliveries on the map are in each state ('' for grey). */
  counts: ReadonlyMap<string, number>;
}

/** What the colours and letters mean, with how many deliveries on the map have each. */
export function MapLegend({ counts }: MapLegendProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const codes: string[] = [...stateCodes, ...((counts.get('') ?? 0) > 0 ? [''] : [])];
  return (
    <Group gap="sm" wrap="wrap" align="center">
      <Text size="sm" fw={600} id={headingId}>
        {t('DELIVERY_MAP.LEGEND')}
      </Text>
      <Group
        component="ul"
        aria-labelledby={headingId}
        gap="md"
        wrap="wrap"
        className={classes.legend}
      >
        {codes.map((code) => {
          const style = stateStyle(code);
          return (
            <Group component="li" key={code || 'other'} gap={6} wrap="nowrap">
              <span
                className={classes.chip}
                style={{ background: style.background, color: style.foreground }}
                aria-hidden
              >
                {style.letter}
              </span>
              <Text size="sm" span>
                {t(style.nameKey)}
              </Text>
              <Text size="sm" span c="dimmed">
                {counts.get(code) ?? 0}
              </Text>
            </Group>
          );
        })}
      </Group>
    </Group>
  );
}
