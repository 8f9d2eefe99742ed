import { Button, Group, Pill } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GridAction } from '#metadata';
import { ArrowRightIcon, PlusIcon } from './icons';

export interface GridToolbarProps {
  actions: readonly GridAction[];
  onAction(action: GridAction): void;
  /** The page's default filter while it applies; the user can remove it. */
  defaultFilter: string | null;
  /** Translation key saying what the default filter keeps; the filter text when absent. */
  defaultFilterTitle?: string | null;
  onClearDefaultFilter(): void;
}

/** Above the grid: its actions (New, Redirect) and the default filter while it applies. */
export function GridToolbar({
  actions,
  onAction,
  defaultFilter,
  defaultFilterTitle,
  onClearDefaultFilter,
}: GridToolbarProps) {
  const { t } = useTranslation();
  if (actions.length === 0 && !defaultFilter) return null;
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
          {defaultFilterTitle
            ? t(defaultFilterTitle)
            : t('GRID.DEFAULT_FILTER', { filter: defaultFilter })}
        </Pill>
      )}
    </Group>
  );
}
