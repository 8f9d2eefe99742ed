import { Alert, Checkbox, List, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { userFieldTypes, type UserFieldType } from '#metadata';
import { useDesigner } from './designer-context';
import { FieldAttributes } from './field-attributes';
import { type FieldNode, type FieldPatch, findField, holdsFields } from './field-nodes';
import type { FieldAttribute } from './field-problems';

export interface FieldEditorParts {
  node: FieldNode;
  topLevel: boolean;
  readOnly: boolean;
  set(patch: FieldPatch): void;
  errorOn(attribute: FieldAttribute): string | undefined;
}

/** The attributes of the field picked in the tree; only those its type allows are shown. */
export function FieldEditor() {
  const { t } = useTranslation();
  const { state, dispatch, readOnly, fieldProblems } = useDesigner();
  const entry = state.selected === null ? undefined : findField(state.fields, state.selected);
  if (!entry) return null;
  const { node, parent, namePath } = entry;
  const own = fieldProblems.filter((problem) => problem.uid === node.uid);
  const parts: FieldEditorParts = {
    node,
    topLevel: parent === null,
    readOnly,
    set: (patch) => dispatch({ type: 'updateField', uid: node.uid, patch }),
    errorOn: (attribute) =>
      own
        .filter((problem) => problem.attribute === attribute)
        .map((problem) => problem.text)
        .join(' ') || undefined,
  };
  const general = [
    ...own.filter((problem) => problem.attribute === null).map((problem) => problem.text),
    ...(state.serverErrors.fields[node.uid] ?? []),
  ];
  // A field holding fields keeps a type that can hold them (the tree would lose them otherwise).
  const typeOptions = userFieldTypes.map((type: UserFieldType) => ({
    value: type,
    label: t(`DESIGNER.FIELD_TYPE.${type}`),
    disabled: node.Children.length > 0 && !holdsFields(type),
  }));
  const heading = node.Name.trim() ? namePath : t('DESIGNER.FIELD.UNNAMED');

  return (
    <Stack
      component="section"
      gap="xs"
      aria-label={t('DESIGNER.FIELD.EDITOR', { field: heading })}
      p="sm"
      bg="var(--mantine-color-default-hover)"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Title order={4}>{t('DESIGNER.FIELD.EDITOR', { field: heading })}</Title>
      <TextInput
        label={t('DESIGNER.FIELD.NAME')}
        required
        value={node.Name}
        onChange={(event) => parts.set({ Name: event.currentTarget.value })}
        error={parts.errorOn('Name')}
        readOnly={readOnly}
        // A field just added is named at once.
        autoFocus={state.added === node.uid}
        onFocus={(event) => state.added === node.uid && event.currentTarget.select()}
      />
      <TextInput
        label={t('DESIGNER.FIELD.TITLE')}
        value={node.Title}
        onChange={(event) => parts.set({ Title: event.currentTarget.value })}
        readOnly={readOnly}
      />
      <NativeSelect
        label={t('DESIGNER.FIELD.TYPE')}
        data={typeOptions}
        value={node.Type}
        onChange={(event) => parts.set({ Type: event.currentTarget.value as UserFieldType })}
        error={parts.errorOn('Type')}
        disabled={readOnly}
      />
      <Checkbox
        label={t('DESIGNER.FIELD.REQUIRED')}
        description={node.PK ? t('DESIGNER.FIELD.KEY_REQUIRED') : undefined}
        checked={node.Required || node.PK}
        disabled={readOnly || node.PK}
        onChange={(event) => parts.set({ Required: event.currentTarget.checked })}
      />
      <FieldAttributes {...parts} />
      {general.length > 0 && (
        <Alert color="red" p="xs">
          <List size="sm">
            {general.map((text) => (
              <List.Item key={text}>{text}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
