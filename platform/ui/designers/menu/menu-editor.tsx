import { Alert, Badge, Box, Group, Paper, SimpleGrid, Stack, Switch } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
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
const stickyTop = 'calc(var(--app-shell-header-offset, 0rem) + var(--mantine-spacing-md))';

/** Save and Cancel stay in sight at the bottom of the window, however long the tree. */
const stickyFooter = {
  position: 'sticky',
  bottom: 0,
  zIndex: 2,
  background: 'var(--mantine-color-body)',
  borderTop: '1px solid var(--mantine-color-default-border)',
  paddingBlock: 'var(--mantine-spacing-sm)',
} as const;

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
  // Side by side, the item's editor stays beside the item as the tree scrolls.
  const wide = useMediaQuery('(min-width: 62em)');
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
  // What scrolls into view (a focused item, a dragged one) stops above the sticky Save bar
  // (WCAG 2.4.11: focus not obscured).
  useEffect(() => {
    const root = document.documentElement;
    const before = root.style.scrollPaddingBottom;
    root.style.scrollPaddingBottom = '5rem';
    return () => {
      root.style.scrollPaddingBottom = before;
    };
  }, []);
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
            label={t(state.locked ? 'MENU_EDITOR.LOCKED' : 'MENU_EDITOR.UNLOCKED')}
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
          <Paper
            withBorder
            p="md"
            radius="md"
            style={wide ? { position: 'sticky', top: stickyTop, alignSelf: 'start' } : undefined}
          >
            <MenuItemEditor />
          </Paper>
        </SimpleGrid>
        <Box style={stickyFooter}>
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
        </Box>
      </Stack>
    </MenuEditorContext.Provider>
  );
}
