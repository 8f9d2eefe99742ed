import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Switch } from '@mantine/core';
import { type ReactNode, useEffect, useId, useMemo, useReducer } from 'react';
import { menuProblems, type MenuProblemCode } from '#platform/core';
import { useNavigationLock } from '../../routing';
import { useTranslate } from '../data-source/use-translate';
import { DesignerActionBar } from '../kit/designer-actions';
import { MenuEditorContext, type MenuEditorContextValue } from './menu-editor-context';
import { MenuItemEditor } from './menu-item-editor';
import { menuItemsOf } from './menu-nodes';
import { initialMenuState, isChanged, menuEditorReducer } from './menu-state';
import { MenuTree } from './menu-tree';
import type { TaggedMenu } from './menu-api';
import { useMenuSave } from './use-menu-save';

const menuActionIds = ['designer.cancel', 'designer.save'];

/** One of the two panes, named by the heading it draws with the id it is given. */
function Pane({ children }: { children: (headingId: string) => ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder p="md" radius="md">
      <Stack gap="sm">{children(id)}</Stack>
    </Paper>
  );
}

export interface MenuEditorProps {
  language: string;
  loaded: TaggedMenu;
  /** Whether it opens locked (it does, unless reloaded to redo changes). */
  locked?: boolean;
  /** Loads the menu again (a cancel, a stale save). */
  reload(options?: { locked?: boolean }): void;
  /** Told whenever the menu turns changed or unchanged (the language picker asks then). */
  onChanged?(changed: boolean): void;
}

/**
 * The menu of one language as a tree to reorder, nest, add to, remove from and edit; locked
 * until unlocked, flagged Changed until saved, the navigation locked meanwhile.
 */
export function MenuEditor({
  language,
  loaded,
  locked = true,
  reload,
  onChanged,
}: MenuEditorProps) {
  const t = useTranslate();
  const [state, dispatch] = useReducer(menuEditorReducer, loaded, (menu) =>
    initialMenuState(menu, locked),
  );
  const changed = isChanged(state);
  // After a stale save the user redoes their changes: the menu reloads unlocked.
  const { save, busy } = useMenuSave({
    language,
    state,
    dispatch,
    reload: () => reload({ locked: false }),
  });
  useNavigationLock(changed || busy);
  useEffect(() => onChanged?.(changed), [changed, onChanged]);

  const problems = useMemo(() => {
    const items = menuItemsOf(state.nodes);
    const byItem = new Map<number, MenuProblemCode[]>();
    for (const problem of menuProblems(items)) {
      const item = problem.index === null ? undefined : items[problem.index];
      if (item) byItem.set(item.Id, [...(byItem.get(item.Id) ?? []), problem.code]);
    }
    return byItem;
  }, [state.nodes]);

  const context = useMemo<MenuEditorContextValue>(
    () => ({ state, dispatch, readOnly: state.locked || busy, problems }),
    [state, busy, problems],
  );
  return (
    <MenuEditorContext.Provider value={context}>
      <Stack gap="md">
        <Group gap="md">
          <Switch
            label={t('MENU_EDITOR.LOCKED')}
            checked={state.locked}
            disabled={busy}
            onChange={(event) => dispatch({ type: 'lock', locked: event.currentTarget.checked })}
          />
          {changed && (
            <Badge color="orange" role="status">
              {t('MENU_EDITOR.CHANGED')}
            </Badge>
          )}
        </Group>
        {state.locked && <Alert color="blue">{t('MENU_EDITOR.LOCKED_HINT')}</Alert>}
        {state.refusal && (
          <Alert color="red" title={t('MENU_EDITOR.REFUSED_SAVE')}>
            {state.refusal}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Pane>{(id) => <MenuTree headingId={id} />}</Pane>
          <Paper withBorder p="md" radius="md">
            <MenuItemEditor />
          </Paper>
        </SimpleGrid>
        <DesignerActionBar
          ids={menuActionIds}
          context={{
            readOnly: false,
            busy,
            dirty: changed,
            canSave: changed && !state.locked && problems.size === 0,
            canCancel: changed && !busy,
            canDelete: false,
            deleteLabel: 'DESIGNER.DELETE',
            deleteConfirm: '',
            discardConfirm: t('MENU_EDITOR.DISCARD_CONFIRM'),
            remove: () => Promise.resolve(),
            save: () => void save(),
            leave: () => reload({ locked: true }),
            t,
          }}
        />
      </Stack>
    </MenuEditorContext.Provider>
  );
}
