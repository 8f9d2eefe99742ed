import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RowActionType } from '#metadata';
import { useGridContext } from './grid-context';
import type { GridCellContext } from './grid-features';
import { DeleteIcon, EditIcon, OpenIcon, ViewIcon } from './icons';

const icons: Record<RowActionType, typeof EditIcon> = {
  Edit: EditIcon,
  View: ViewIcon,
  Delete: DeleteIcon,
  Open: OpenIcon,
};

/** The row's actions as icon buttons named by their translated titles. */
export function RowActionsCell({ row }: GridCellContext) {
  const { rowActions, onAction } = useGridContext();
  const { t } = useTranslation();
  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      {rowActions.map((action) => {
        const Icon = icons[action.Type];
        const label = t(action.Title);
        return (
          <Tooltip key={action.Id} label={label} openDelay={400} withinPortal>
            <ActionIcon
              variant="subtle"
              color={action.Type === 'Delete' ? 'red' : 'gray'}
              size="sm"
              aria-label={label}
              onClick={() => onAction(action, row.original)}
            >
              <Icon size={16} />
            </ActionIcon>
          </Tooltip>
        );
      })}
    </Group>
  );
}
