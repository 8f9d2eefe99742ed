import { Box, Collapse, UnstyledButton } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFreshState } from '#platform/ui';
import { StateLegend } from './state-legend';
import classes from './state-legend.module.css';

export interface StateLegendPanelProps {
  /** Where this browser remembers whether it was left open; without it, it is not remembered. */
  storageKey?: string;
  /** How many deliveries are in each state ('' for grey), when the screen knows. */
  counts?: ReadonlyMap<string, number>;
}

/** The choice is a preference, not a filter: kept for a year rather than a working day. */
const legendMaxAgeMs = 365 * 24 * 3_600_000;
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

/**
 * The states' legend under a "States" disclosure, open or closed as this browser last left it.
 * Open on a first visit: the letters are explained nowhere else, and six short lines still leave
 * the list in view at 390 px; whoever knows them closes it once.
 *
 * @example <StateLegendPanel storageKey={homeStorageKeys(userId).legend} />
 */
export function StateLegendPanel({ storageKey, counts }: StateLegendPanelProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useFreshState(storageKey, true, legendMaxAgeMs, isBoolean);
  const buttonId = useId();
  const listId = useId();
  return (
    <Box component="section" aria-labelledby={buttonId} data-panel="state-legend">
      <UnstyledButton
        id={buttonId}
        className={classes.toggle}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((shown) => !shown)}
      >
        <svg
          className={classes.chevron}
          data-open={open || undefined}
          width={12}
          height={12}
          viewBox="0 0 16 16"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden
        >
          <path d="M6 4l4 4-4 4" />
        </svg>
        {t('DELIVERY.LEGEND.TITLE')}
      </UnstyledButton>
      <Collapse expanded={open} keepMountedMode="display-none">
        <Box pt={6}>
          <StateLegend id={listId} labelledBy={buttonId} counts={counts} />
        </Box>
      </Collapse>
    </Box>
  );
}
