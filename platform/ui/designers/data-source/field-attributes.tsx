import { Checkbox, Group, NativeSelect, NumberInput, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { hasBounds, isKeyType } from '#platform/core';
import type { FieldEditorParts } from './field-editor';

const numberOrNull = (value: string | number) => (typeof value === 'number' ? value : null);

/** What Min and Max bound for a type: the value, the length of a text, the number of items. */
const boundKind = { Integer: 'VALUE', Number: 'VALUE', String: 'LENGTH', Array: 'ITEMS' } as const;

function DefaultInput({ node, set, errorOn, readOnly }: FieldEditorParts) {
  const { t } = useTranslation();
  const label = t('DESIGNER.FIELD.DEFAULT');
  if (node.Type === 'Array' || node.Type === 'Object') return null;
  if (node.Type === 'Boolean' || node.Type === 'Enum') {
    const values = node.Type === 'Boolean' ? ['true', 'false'] : node.EnumValues.split(';');
    const data = [
      { value: '', label: t('DESIGNER.FIELD.NO_DEFAULT') },
      ...values
        .map((value) => value.trim())
        .filter(Boolean)
        .map((value) => ({ value, label: value })),
    ];
    return (
      <NativeSelect
        label={label}
        data={data}
        value={node.Default}
        onChange={(event) => set({ Default: event.currentTarget.value })}
        error={errorOn('Default')}
        disabled={readOnly}
      />
    );
  }
  return (
    <TextInput
      label={label}
      description={
        node.Type === 'Date' || node.Type === 'DateTime'
          ? t('DESIGNER.FIELD.DATE_DEFAULT_HELP')
          : undefined
      }
      value={node.Default}
      onChange={(event) => set({ Default: event.currentTarget.value })}
      error={errorOn('Default')}
      readOnly={readOnly}
    />
  );
}

/** The attributes that depend on the field's type: its values, default and bounds. */
export function FieldAttributes(parts: FieldEditorParts) {
  const { t } = useTranslation();
  const { node, set, errorOn, readOnly } = parts;
  const bounds = hasBounds(node.Type) ? boundKind[node.Type as keyof typeof boundKind] : null;
  return (
    <>
      {node.Type === 'Enum' && (
        <TextInput
          label={t('DESIGNER.FIELD.ENUM_VALUES')}
          description={t('DESIGNER.FIELD.ENUM_VALUES_HELP')}
          required
          value={node.EnumValues}
          onChange={(event) => set({ EnumValues: event.currentTarget.value })}
          error={errorOn('EnumValues')}
          readOnly={readOnly}
        />
      )}
      <DefaultInput {...parts} />
      {bounds && (
        <Group grow align="flex-start">
          <NumberInput
            label={t(`DESIGNER.FIELD.MIN_${bounds}`)}
            value={node.Min ?? ''}
            onChange={(value) => set({ Min: numberOrNull(value) })}
            error={errorOn('Min')}
            readOnly={readOnly}
          />
          <NumberInput
            label={t(`DESIGNER.FIELD.MAX_${bounds}`)}
            value={node.Max ?? ''}
            onChange={(value) => set({ Max: numberOrNull(value) })}
            error={errorOn('Max')}
            readOnly={readOnly}
          />
        </Group>
      )}
    </>
  );
}

/** What few need: a text's pattern, and (top level) the key and unique switches. */
export function AdvancedAttributes(parts: FieldEditorParts) {
  const { t } = useTranslation();
  const { node, set, errorOn, readOnly, topLevel } = parts;
  return (
    <>
      {(node.Type === 'String' || node.Type === 'Enum') && (
        <TextInput
          label={t('DESIGNER.FIELD.PATTERN')}
          description={t('DESIGNER.FIELD.PATTERN_HELP')}
          value={node.Pattern}
          onChange={(event) => set({ Pattern: event.currentTarget.value })}
          error={errorOn('Pattern')}
          readOnly={readOnly}
        />
      )}
      {topLevel && isKeyType(node.Type) && (
        <Group>
          <Checkbox
            label={t('DESIGNER.FIELD.PK')}
            checked={node.PK}
            disabled={readOnly}
            onChange={(event) => set({ PK: event.currentTarget.checked })}
            error={errorOn('PK')}
          />
          <Checkbox
            label={t('DESIGNER.FIELD.UNIQUE')}
            checked={node.Unique || node.PK}
            disabled={readOnly || node.PK}
            onChange={(event) => set({ Unique: event.currentTarget.checked })}
          />
        </Group>
      )}
    </>
  );
}
