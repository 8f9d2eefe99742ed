import { Button, Collapse, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataSourcePermissions } from '#metadata';
import { fieldLabel } from './control-labels';
import { useDesigner } from './designer-context';
import { keyCandidates } from './field-nodes';
import type { DesignProblems } from './save-body';

const actions = ['read', 'create', 'update', 'delete'] as const;
const actionLabels = {
  read: 'DESIGNER.PERMISSIONS.READ',
  create: 'DESIGNER.PERMISSIONS.CREATE',
  update: 'DESIGNER.PERMISSIONS.UPDATE',
  delete: 'DESIGNER.PERMISSIONS.DELETE',
} as const satisfies Record<(typeof actions)[number], string>;

function Permissions() {
  const { t } = useTranslation();
  const { state, dispatch, readOnly } = useDesigner();
  const [open, setOpen] = useState(false);
  const id = useId();
  const set = (action: keyof DataSourcePermissions, value: string) =>
    dispatch({ type: 'permissions', permissions: { ...state.permissions, [action]: value } });
  return (
    <Stack gap="xs">
      <Group>
        <Button
          variant="subtle"
          onClick={() => setOpen((shown) => !shown)}
          aria-expanded={open}
          aria-controls={id}
        >
          {t(open ? 'DESIGNER.PERMISSIONS.HIDE' : 'DESIGNER.PERMISSIONS.SHOW')}
        </Button>
      </Group>
      <Collapse expanded={open} id={id} keepMountedMode="display-none">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {actions.map((action) => (
            <TextInput
              key={action}
              label={t(actionLabels[action])}
              description={t('DESIGNER.PERMISSIONS.HELP')}
              value={state.permissions[action]}
              onChange={(event) => set(action, event.currentTarget.value)}
              readOnly={readOnly}
            />
          ))}
        </SimpleGrid>
      </Collapse>
    </Stack>
  );
}

/** The data source's name, its key field and (collapsed) who may use its rows. */
export function DesignerHeader({ problems }: { problems: DesignProblems }) {
  const { t } = useTranslation();
  const { state, dispatch, readOnly } = useDesigner();
  const [nameTouched, setNameTouched] = useState(false);
  const key = state.fields.find((field) => field.PK);
  const candidates = keyCandidates(state.fields);
  const options = [
    { value: '', label: t('DESIGNER.SYSTEM_ID') },
    ...(key && !candidates.includes(key) ? [key, ...candidates] : candidates).map((field) => ({
      value: field.uid,
      label: fieldLabel(field) || t('DESIGNER.FIELD.UNNAMED'),
    })),
  ];
  const localNameError =
    problems.name === 'pattern' || (problems.name === 'required' && nameTouched)
      ? t(problems.name === 'pattern' ? 'DESIGNER.NAME_PATTERN' : 'DESIGNER.NAME_REQUIRED')
      : null;
  const nameError = state.serverErrors.name.join(' ') || localNameError;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TextInput
          label={t('DESIGNER.NAME')}
          required
          value={state.name}
          onChange={(event) => dispatch({ type: 'name', name: event.currentTarget.value })}
          onBlur={() => setNameTouched(true)}
          error={nameError || undefined}
          readOnly={readOnly}
          maxLength={100}
          // A new data source is named first.
          autoFocus={state.view.Id === 0 && !readOnly}
        />
        <NativeSelect
          label={t('DESIGNER.KEY_FIELD')}
          description={t('DESIGNER.KEY_FIELD_HELP')}
          data={options}
          value={key?.uid ?? ''}
          onChange={(event) =>
            dispatch({ type: 'keyField', uid: event.currentTarget.value || null })
          }
          error={state.serverErrors.primaryKey.join(' ') || undefined}
          disabled={readOnly}
        />
      </SimpleGrid>
      <Permissions />
    </Stack>
  );
}
