import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import badgeClasses from './state-badge.module.css';
import { StateLetter } from './state-letter';
import classes from './state-legend.module.css';
import { otherStateStyle, stateCodes, stateStyle } from './state-style';

export interface StateLegendProps {
  /** How many deliveries are in each state ('' for grey), shown beside each name when given. */
  counts?: ReadonlyMap<string, number>;
  /** The element naming the list (a heading or a disclosure button); else it names itself. */
  labelledBy?: string;
  id?: string;
}

/** Every state in the order a legend lists them, grey last. */
const legendStyles = [...stateCodes.map((code) => stateStyle(code)), otherStateStyle];

/**
 * What each delivery state means and what to do about it: the badge's colour and letter (for
 * the eye only; the name says it), the long name and one line of meaning.
 *
 * @example <StateLegend counts={placed.stateCounts} labelledBy={headingId} />
 */
export function StateLegend({ counts, labelledBy, id }: StateLegendProps) {
  const { t } = useTranslation();
  return (
    <ul
      id={id}
      className={classes.list}
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : t('DELIVERY.LEGEND.TITLE')}
    >
      {legendStyles.map((style) => (
        <li key={style.code || 'other'} className={classes.item} data-state={style.code || 'other'}>
          <StateLetter style={style} className={badgeClasses.letter} />
          <Text size="sm" className={classes.text}>
            <Text span fw={700} size="sm">
              {t(style.nameKey)}
            </Text>
            {counts && (
              <Text span size="sm" c="dimmed">
                {` (${t('DELIVERY.LEGEND.COUNT', { count: counts.get(style.code) ?? 0 })})`}
              </Text>
            )}
            {': '}
            {t(style.meaningKey)}
          </Text>
        </li>
      ))}
    </ul>
  );
}
