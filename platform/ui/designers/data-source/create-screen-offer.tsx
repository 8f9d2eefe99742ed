import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { gridPageEntity } from '#metadata';
import { useCan } from '../../engine/use-can';
import { CreateScreenDialog } from '../create-screen';
import { useDesigner } from './designer-context';
import { useTranslate } from './use-translate';

/**
 * "Create a screen" for the saved data source: the next step, said as such while no grid page
 * shows its rows; a plain button once one does. Not offered while changes are unsaved.
 */
export function CreateScreenOffer({ dirty }: { dirty: boolean }) {
  const t = useTranslate();
  const can = useCan();
  const { state } = useDesigner();
  const [open, setOpen] = useState(false);
  const { view } = state;
  if (view.Id === 0 || view.IsSystem || view.IsVirtual || !can(gridPageEntity.permissions.create))
    return null;
  const screens = view.GridPages ?? [];
  const button = (
    <Button
      variant={screens.length === 0 ? 'filled' : 'light'}
      disabled={dirty}
      onClick={() => setOpen(true)}
    >
      {t('CREATE_SCREEN.OPEN_DIALOG')}
    </Button>
  );
  return (
    <>
      {screens.length === 0 ? (
        <Alert color="blue" title={t('CREATE_SCREEN.NEXT_STEP')}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">
              {t(dirty ? 'CREATE_SCREEN.SAVE_FIRST' : 'CREATE_SCREEN.NEXT_STEP_HELP')}
            </Text>
            {button}
          </Group>
        </Alert>
      ) : (
        <Group justify="flex-end">{button}</Group>
      )}
      {open && (
        <CreateScreenDialog
          opened={open}
          onClose={() => setOpen(false)}
          source={{ Id: view.Id, Name: view.Name }}
        />
      )}
    </>
  );
}
