import {
  Alert,
  Button,
  Checkbox,
  Collapse,
  List,
  NativeSelect,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDesigner } from './designer-context';
import { fieldWidget } from './designer-state';
import { AdvancedAttributes, FieldAttributes } from './field-attributes';
import { type FieldKind, fieldKinds, kindOf, storedTypeOf } from './field-kinds';
import { type FieldNode, type FieldPatch, findField, holdsFields } from './field-nodes';
import type { FieldAttribute } from './field-problems';

export interface FieldEditorParts {
  node: FieldNode;
  topLevel: boolean;
  readOnly: boolean;
  set(patch: FieldPatch): void;
  errorOn(attribute: FieldAttribute): string | undefined;
}

/** The field's type in the user's words; a field holding fields keeps a type that can hold them. */
function KindPicker({
  node,
  readOnly,
  error,
}: {
  node: FieldNode;
  readOnly: boolean;
  error?: string;
}) {
  const { t } = useTranslation();
  const { state, dispatch } = useDesigner();
  const kind = kindOf(node.Type, fieldWidget(state, node.uid));
  const data = fieldKinds.map((option: FieldKind) => {
    const type = storedTypeOf(option);
    const unavailable = type === null;
    return {
      value: option,
      label: unavailable
        ? t('DESIGNER.FIELD_KIND.UNAVAILABLE', { kind: t(`DESIGNER.FIELD_KIND.${option}`) })
        : t(`DESIGNER.FIELD_KIND.${option}`),
      disabled: unavailable || (node.Children.length > 0 && !holdsFields(type)),
    };
  });
  return (
    <NativeSelect
      label={t('DESIGNER.FIELD.TYPE')}
      data={data}
      value={kind}
      onChange={(event) =>
        dispatch({ type: 'fieldKind', uid: node.uid, kind: event.currentTarget.value as FieldKind })
      }
      error={error}
      disabled={readOnly}
    />
  );
}

/** The field's name (made from its title) and the attributes few need, behind "Advanced". */
function Advanced(parts: FieldEditorParts) {
  const { t } = useTranslation();
  const id = useId();
  const { node, set, errorOn, readOnly } = parts;
  const faulty = Boolean(errorOn('Name') ?? errorOn('Pattern') ?? errorOn('PK'));
  const [open, setOpen] = useState(false);
  const shown = open || faulty;
  return (
    <Stack gap="xs">
      <Button
        // Dark text on its own light face: the theme's blue on grey falls short of 4.5:1.
        variant="default"
        size="compact-sm"
        style={{ alignSelf: 'flex-start' }}
        onClick={() => setOpen(!shown)}
        aria-expanded={shown}
        aria-controls={id}
      >
        {t(shown ? 'DESIGNER.FIELD.ADVANCED_HIDE' : 'DESIGNER.FIELD.ADVANCED')}
      </Button>
      <Collapse expanded={shown} id={id} keepMountedMode="display-none">
        <Stack gap="xs">
          <TextInput
            label={t('DESIGNER.FIELD.NAME')}
            description={t('DESIGNER.FIELD.NAME_HELP')}
            required
            value={node.Name}
            onChange={(event) => set({ Name: event.currentTarget.value })}
            error={errorOn('Name')}
            readOnly={readOnly}
          />
          <AdvancedAttributes {...parts} />
        </Stack>
      </Collapse>
    </Stack>
  );
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
  const heading =
    node.Title.trim() ||
    (node.autoName ? t('DESIGNER.FIELD.NEW') : node.Name.trim() && namePath) ||
    t('DESIGNER.FIELD.UNNAMED');

  return (
    <Stack
      key={node.uid}
      component="section"
      gap="xs"
      aria-label={t('DESIGNER.FIELD.EDITOR', { field: heading })}
      p="sm"
      bg="var(--mantine-color-default-hover)"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Title order={4}>{t('DESIGNER.FIELD.EDITOR', { field: heading })}</Title>
      <TextInput
        label={t('DESIGNER.FIELD.TITLE')}
        description={t('DESIGNER.FIELD.TITLE_HELP')}
        value={node.Title}
        onChange={(event) => parts.set({ Title: event.currentTarget.value })}
        readOnly={readOnly}
        // A field just added is titled at once.
        autoFocus={state.added === node.uid}
      />
      <KindPicker node={node} readOnly={readOnly} error={parts.errorOn('Type')} />
      <Checkbox
        label={t('DESIGNER.FIELD.REQUIRED')}
        description={node.PK ? t('DESIGNER.FIELD.KEY_REQUIRED') : undefined}
        checked={node.Required || node.PK}
        disabled={readOnly || node.PK}
        onChange={(event) => parts.set({ Required: event.currentTarget.checked })}
      />
      <FieldAttributes {...parts} />
      <Advanced {...parts} />
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
