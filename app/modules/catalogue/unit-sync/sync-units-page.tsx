import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnitSync } from '#metadata';
import { dialogs, HttpError } from '#platform/ui';
import { applyUnitSync, compareUnits } from '../catalogue-api';
import { SyncDifferences, type SyncSelection } from './sync-differences';
import { SyncUnconfigured } from './sync-unconfigured';

type State =
  | { status: 'loading' }
  | { status: 'unconfigured' }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; sync: UnitSync; key: number };

const messageOf = (error: unknown) =>
  error instanceof HttpError && error.message ? error.message : null;

/** `/admin/syncunits`: our units against the recording system's, the differences applied on confirmation. */
export function SyncUnitsPage() {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [applying, setApplying] = useState(false);

  const compare = useCallback(async () => {
    setState({ status: 'loading' });
    try {
      setState({ status: 'loaded', sync: await compareUnits(), key: Date.now() });
    } catch (error) {
      // 409: no source is configured yet, not a failure (a fresh installation).
      setState(
        error instanceof HttpError && error.status === 409
          ? { status: 'unconfigured' }
          : { status: 'failed', message: messageOf(error) ?? t('SYNC_UNITS.FAILED') },
      );
    }
  }, [t]);

  useEffect(() => {
    void compare();
  }, [compare]);

  const apply = async (sync: UnitSync, selection: SyncSelection) => {
    const counts = {
      created: selection.New.size,
      updated: selection.Upgrade.size,
      deactivated: selection.Deactivate.size,
    };
    if (!(await dialogs.confirm(t('SYNC_UNITS.APPLY_CONFIRM', counts)))) return;
    setApplying(true);
    try {
      const applied = await applyUnitSync({
        Token: sync.Token,
        New: [...selection.New],
        Upgrade: [...selection.Upgrade],
        Deactivate: [...selection.Deactivate],
      });
      dialogs.success(
        t('SYNC_UNITS.APPLIED', {
          created: applied.Created,
          updated: applied.Updated,
          deactivated: applied.Deactivated,
        }),
      );
    } catch (error) {
      await dialogs.warning(messageOf(error) ?? t('SYNC_UNITS.APPLY_FAILED'));
    } finally {
      setApplying(false);
    }
    await compare();
  };

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between">
        <Title order={2}>{t('SYNC_UNITS.TITLE')}</Title>
        <Button
          variant="light"
          onClick={() => void compare()}
          disabled={state.status === 'loading'}
        >
          {t('SYNC_UNITS.COMPARE')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('SYNC_UNITS.INTRO')}
      </Text>
      {state.status === 'loading' && (
        <Center mih={160}>
          <Loader aria-label={t('SYNC_UNITS.LOADING')} />
        </Center>
      )}
      {state.status === 'failed' && (
        <Alert color="red" title={t('SYNC_UNITS.FAILED')}>
          <Text size="sm">{state.message}</Text>
        </Alert>
      )}
      {state.status === 'unconfigured' && <SyncUnconfigured />}
      {state.status === 'loaded' && (
        <SyncDifferences
          key={state.key}
          sync={state.sync}
          applying={applying}
          onApply={(selection) => void apply(state.sync, selection)}
        />
      )}
    </Stack>
  );
}
