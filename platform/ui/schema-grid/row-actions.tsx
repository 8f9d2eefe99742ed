import { ActionIcon, Group, Menu, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RowActionType } from '#metadata';
import { useRowName } from './cells';
import { useGridContext } from './grid-context';
import type { GridCellContext } from './grid-features';
import { DeleteIcon, EditIcon, MoreIcon, OpenIcon, ViewIcon } from './icons';

const icons: Record<RowActionType, typeof EditIcon> = {
  Edit: EditIcon,
  View: ViewIcon,
  Delete: DeleteIcon,
  Open: OpenIcon,
};

/** The row actions this row offers (a built-in row may offer no Delete). */
function useOfferedActions(context: GridCellContext) {
  const { rowActions, rowActionOffered } = useGridContext();
  const row = context.row.original;
  return rowActionOffered
    ? rowActions.filter((action) => rowActionOffered(action, row))
    : rowActions;
}

/** On a narrow screen: one button opening a menu of the row's actions. */
function RowActionsMenu(context: GridCellContext) {
  const { onAction } = useGridContext();
  const rowActions = useOfferedActions(context);
  const { t } = useTranslation();
  const name = useRowName(context);
  return (
    <Group justify="flex-end">
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="md"
            aria-label={t('GRID.ROW_ACTIONS', { name })}
          >
            <MoreIcon size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {rowActions.map((action) => {
            const Icon = icons[action.Type];
            return (
              <Menu.Item
                key={action.Id}
                color={action.Type === 'Delete' ? 'red' : undefined}
                leftSection={<Icon size={16} />}
                onClick={() => onAction(action, context.row.original)}
              >
                {t(action.Title)}
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/** The row's actions as icon buttons named by their translated titles, or a menu when narrow. */
export function RowActionsCell(context: GridCellContext) {
  const { onAction, compact } = useGridContext();
  const rowActions = useOfferedActions(context);
  const { t } = useTranslation();
  if (compact && rowActions.length > 1) return <RowActionsMenu {...context} />;
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
              onClick={() => onAction(action, context.row.original)}
            >
              <Icon size={16} />
            </ActionIcon>
          </Tooltip>
        );
      })}
    </Group>
  );
}
