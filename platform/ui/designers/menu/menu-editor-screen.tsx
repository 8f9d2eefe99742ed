import { Alert, Button, Center, Group, Loader, NativeSelect, Stack, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { platformConstants } from '#metadata';
import { dialogs } from '../../dialogs';
import { failureText } from '../../engine/failure-text';
import { useLanguageStore } from '../../i18n';
import { useTranslate } from '../data-source/use-translate';
import { menuApi, type TaggedMenu } from './menu-api';
import { MenuEditor } from './menu-editor';

type MenuLoad =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; menu: TaggedMenu; load: number; locked: boolean };

/**
 * Loads the whole stored menu of a language; `reload` loads it again. Each load has its own
 * number, so that a reload starts the editor afresh (locked, unless told otherwise).
 */
function useStoredMenu(language: string, failed: string) {
  const [state, setState] = useState<MenuLoad>({ status: 'loading' });
  const loads = useRef(0);
  const load = useCallback(
    ({ locked = true }: { locked?: boolean } = {}) => {
      let live = true;
      const number = (loads.current += 1);
      setState({ status: 'loading' });
      menuApi.load(language).then(
        (menu) => live && setState({ status: 'ready', menu, load: number, locked }),
        (error: unknown) =>
          live && setState({ status: 'failed', message: failureText(error, failed) }),
      );
      return () => {
        live = false;
      };
    },
    [language, failed],
  );
  useEffect(() => load(), [load]);
  return { state, reload: load };
}

/**
 * The screen of `/admin/menu`: the menu editor for a language picked from the installation's
 * languages (the fake one shows the default menu and has none of its own). Registered by the
 * app as `menuEditor`.
 */
export function MenuEditorScreen() {
  const t = useTranslate();
  const { defaultLanguage, fakeLanguage } = platformConstants;
  const languages = useLanguageStore((store) => store.languages).filter(
    (entry) => entry.Id !== fakeLanguage,
  );
  const uiLanguage = useLanguageStore((store) => store.language);
  const [language, setLanguage] = useState(
    uiLanguage === fakeLanguage ? defaultLanguage : uiLanguage,
  );
  const { state, reload } = useStoredMenu(language, t('MENU_EDITOR.LOAD_FAILED'));
  const changed = useRef(false);
  const onChanged = useCallback((value: boolean) => {
    changed.current = value;
  }, []);

  const pick = async (next: string) => {
    if (changed.current && !(await dialogs.confirm(t('MENU_EDITOR.SWITCH_CONFIRM')))) return;
    changed.current = false;
    setLanguage(next);
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('MENU_EDITOR.TITLE')}</Title>
        <NativeSelect
          label={t('MENU_EDITOR.LANGUAGE')}
          value={language}
          data={[
            ...(languages.some((entry) => entry.Id === language)
              ? []
              : [{ value: language, label: language }]),
            ...languages.map((entry) => ({ value: entry.Id, label: entry.Name })),
          ]}
          onChange={(event) => void pick(event.currentTarget.value)}
        />
      </Group>
      {state.status === 'loading' && (
        <Center mih={200}>
          <Loader type="dots" aria-label={t('MENU_EDITOR.LOADING')} />
        </Center>
      )}
      {state.status === 'failed' && (
        <Alert color="red" title={t('MENU_EDITOR.LOAD_FAILED')}>
          <Stack gap="xs" align="flex-start">
            {state.message}
            <Button size="compact-sm" variant="light" onClick={() => reload()}>
              {t('MENU_EDITOR.RETRY')}
            </Button>
          </Stack>
        </Alert>
      )}
      {state.status === 'ready' && (
        <MenuEditor
          key={state.load}
          language={language}
          loaded={state.menu}
          locked={state.locked}
          reload={reload}
          onChanged={onChanged}
        />
      )}
    </Stack>
  );
}
