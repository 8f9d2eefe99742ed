import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import type { MenuProblemCode } from '#platform/core';
import { useTranslate } from '../data-source/use-translate';
import { itemName } from './menu-announcements';
import { useMenuEditor } from './menu-editor-context';
import { findMenuNode } from './menu-nodes';
import { useMenuTargets } from './menu-targets';

/** The Name and address of the item chosen in the tree; the address typed or picked. */
export function MenuItemEditor() {
  const t = useTranslate();
  const { state, dispatch, readOnly, problems } = useMenuEditor();
  const targets = useMenuTargets(t);
  const node = state.selected === null ? undefined : findMenuNode(state.nodes, state.selected);
  if (!node) {
    return (
      <Text size="sm" c="dimmed">
        {t('MENU_EDITOR.PICK_ITEM')}
      </Text>
    );
  }
  const own = problems.get(node.Id) ?? [];
  const errorOn = (code: MenuProblemCode) =>
    own.includes(code) ? t(`MENU_EDITOR.PROBLEM.${code}`) : undefined;
  const otherProblems = own.filter(
    (code) => code !== 'NAME_REQUIRED' && code !== 'URL_NOT_SITE_PATH',
  );
  const url = node.Url ?? '';
  const known = [...targets.screens, ...targets.gridPages].some((target) => target.value === url);
  const heading = t('MENU_EDITOR.ITEM.EDITOR', { item: itemName(node, t) });
  const set = (change: { Name?: string; Url?: string | null }) =>
    dispatch({ type: 'edit', id: node.Id, change });

  return (
    <Stack component="section" gap="xs" aria-label={heading}>
      <Title order={4}>{heading}</Title>
      <TextInput
        label={t('MENU_EDITOR.ITEM.NAME')}
        required
        value={node.Name}
        readOnly={readOnly}
        error={errorOn('NAME_REQUIRED')}
        onChange={(event) => set({ Name: event.currentTarget.value })}
      />
      <TextInput
        label={t('MENU_EDITOR.ITEM.URL')}
        description={t('MENU_EDITOR.ITEM.URL_HINT')}
        value={url}
        readOnly={readOnly}
        error={errorOn('URL_NOT_SITE_PATH')}
        onChange={(event) => set({ Url: event.currentTarget.value || null })}
      />
      <NativeSelect
        label={t('MENU_EDITOR.ITEM.TARGET')}
        value={known ? url : ''}
        disabled={readOnly}
        data={[
          { value: '', label: t('MENU_EDITOR.ITEM.TARGET_NONE') },
          { group: t('MENU_EDITOR.ITEM.SCREENS'), items: targets.screens },
          ...(targets.gridPages.length > 0
            ? [{ group: t('MENU_EDITOR.ITEM.GRID_PAGES'), items: targets.gridPages }]
            : []),
        ]}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (value) set({ Url: value });
        }}
      />
      {targets.gridPagesFailed && (
        <Group gap="xs">
          <Text size="sm" c="red" role="alert">
            {t('MENU_EDITOR.ITEM.GRID_PAGES_FAILED')}
          </Text>
          <Button size="compact-sm" variant="light" onClick={targets.reloadGridPages}>
            {t('MENU_EDITOR.ITEM.GRID_PAGES_RETRY')}
          </Button>
        </Group>
      )}
      {url.trim() !== '' && !errorOn('URL_NOT_SITE_PATH') && !targets.opensScreen(url.trim()) && (
        <Alert color="yellow" p="xs">
          {t('MENU_EDITOR.ITEM.NO_SCREEN')}
        </Alert>
      )}
      {[
        ...otherProblems.map((code) => t(`MENU_EDITOR.PROBLEM.${code}`)),
        ...(state.serverErrors[node.Id] ?? []),
      ].map((text) => (
        <Text key={text} size="sm" c="red">
          {text}
        </Text>
      ))}
    </Stack>
  );
}
