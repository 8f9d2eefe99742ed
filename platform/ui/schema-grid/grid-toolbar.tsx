import { Button, Group, Pill } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridAction } from '#metadata';
import { ArrowRightIcon, FilterIcon, PlusIcon } from './icons';

export interface GridToolbarProps {
  actions: readonly GridAction[];
  onAction(action: GridAction): void;
  /** The page's default filter while it applies; the user can remove it. */
  defaultFilter: string | null;
  /** Translation key saying what the default filter keeps; the filter text when absent. */
  defaultFilterTitle?: string | null;
  onClearDefaultFilter(): void;
  /** Puts the removed default filter back; absent while it applies or when there is none. */
  onRestoreDefaultFilter?: () => void;
  /** The app's own controls, after the actions. */
  extra?: ReactNode;
}

/** Above the grid: its actions (New, Redirect) and the default filter, removable and restorable. */
export function GridToolbar({
  actions,
  onAction,
  defaultFilter,
  defaultFilterTitle,
  onClearDefaultFilter,
  onRestoreDefaultFilter,
  extra,
}: GridToolbarProps) {
  const { t } = useTranslation();
  if (actions.length === 0 && !defaultFilter && !onRestoreDefaultFilter && !extra) return null;
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Group gap="xs">
        {actions.map((action) => (
          <Button
            key={action.Id}
            size="xs"
            variant={action.Type === 'New' ? 'filled' : 'light'}
            leftSection={
              action.Type === 'New' ? <PlusIcon size={14} /> : <ArrowRightIcon size={14} />
            }
            onClick={() => onAction(action)}
          >
            {t(action.Title)}
          </Button>
        ))}
        {extra}
      </Group>
      {defaultFilter && (
        <Pill
          size="md"
          withRemoveButton
          onRemove={onClearDefaultFilter}
          // Pill hides its remove button from keyboards and screen readers; this one must be usable.
          removeButtonProps={{
            'aria-label': t('GRID.CLEAR_DEFAULT_FILTER'),
            'aria-hidden': false,
            tabIndex: 0,
          }}
        >
          <Group gap={4} wrap="nowrap" component="span">
            <FilterIcon size={12} filled />
            {defaultFilterTitle
              ? t(defaultFilterTitle)
              : t('GRID.DEFAULT_FILTER', { filter: defaultFilter })}
          </Group>
        </Pill>
      )}
      {onRestoreDefaultFilter && (
        <Button
          size="xs"
          variant="subtle"
          leftSection={<FilterIcon size={12} />}
          onClick={onRestoreDefaultFilter}
        >
          {defaultFilterTitle
            ? t('GRID.RESTORE_DEFAULT_FILTER', { filter: t(defaultFilterTitle) })
            : t('GRID.RESTORE_DEFAULT_FILTER_TEXT')}
        </Button>
      )}
    </Group>
  );
}
