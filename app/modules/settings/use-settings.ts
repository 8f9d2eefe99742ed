import { useCallback, useEffect, useState } from 'react';
import { settingsApi, type StoredSettings } from './settings-api';

type SettingsLoad =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; stored: StoredSettings };

/** The stored settings; `reload` reads them again, `replace` takes a save's answer. */
export function useStoredSettings() {
  const [state, setState] = useState<SettingsLoad>({ status: 'loading' });
  const reload = useCallback(() => {
    let live = true;
    setState({ status: 'loading' });
    settingsApi.load().then(
      (stored) => live && setState({ status: 'ready', stored }),
      (error: unknown) => live && setState({ status: 'failed', error }),
    );
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => reload(), [reload]);
  const replace = useCallback(
    (stored: StoredSettings) => setState({ status: 'ready', stored }),
    [],
  );
  return { state, reload, replace };
}
