import { Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { stateReasonText, type StateReasonFields } from './state-reason';
import { stateStyle } from './state-style';
import classes from './state-badge.module.css';

export interface StateBadgeProps {
  row: StateReasonFields & { State?: unknown };
  /** `letter`: a square with the letter (grid, map); `name`: the long name (detail page). */
  variant?: 'letter' | 'name';
  /**
   * Reached by Tab, showing its tooltip on focus (default). In a grid row it is not: a row of
   * tab stops would make every row cost several presses; the row itself is reached and opens.
   */
  focusable?: boolean;
}

/**
 * A delivery's state: its traffic-light colour with the letter or the long name, so it reads
 * without colour too; the name and reason are its accessible name and its tooltip.
 */
export function StateBadge({ row, variant = 'letter', focusable = true }: StateBadgeProps) {
  const { t, i18n } = useTranslation();
  const style = stateStyle(row.State);
  const name = t(style.nameKey);
  const reason = stateReasonText(row, t, i18n.language);
  const label = reason ? `${name}: ${reason}` : name;
  return (
    <Tooltip
      label={label}
      multiline
      maw={320}
      withArrow
      openDelay={200}
      events={{ hover: true, focus: true, touch: true }}
    >
      <span
        className={variant === 'name' ? classes.name : classes.letter}
        style={{ background: style.background, color: style.foreground }}
        role="img"
        aria-label={label}
        tabIndex={focusable ? 0 : undefined}
        data-state={style.code || 'other'}
      >
        <span aria-hidden>{variant === 'name' ? name : style.letter}</span>
      </span>
    </Tooltip>
  );
}
