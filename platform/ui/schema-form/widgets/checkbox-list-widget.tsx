import { Checkbox, Input, SimpleGrid } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { labelValue } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { CheckboxListItem, SchemaFormContext } from '../schema-form-types';

const isItem = (value: unknown): value is CheckboxListItem =>
  typeof value === 'object' && value !== null && 'Id' in value;

const optionText = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** Columns for the number of items, unless `ui:options.columns` says. */
function columnsFor(count: number, option: unknown): number {
  if (typeof option === 'number' && option >= 1) return Math.floor(option);
  return count > 16 ? 3 : count > 6 ? 2 : 1;
}

/**
 * An array of `{ Id, Name, IsChecked, ... }` as one labelled checkbox per item, toggling
 * `IsChecked`. An item cannot be toggled when its `ui:options.disabledWhen` field is truthy
 * (reason: `ui:options.disabledReason`) or when `formContext.itemDisabled(field, item)` says
 * so. `ui:options.labelField` names the item's label field (default `Name`).
 */
export function CheckboxListWidget(props: WidgetProps) {
  const { id, name, value, label, hideLabel, required, disabled, readonly, hideError } = props;
  const { options, rawErrors, registry, onChange, onBlur, onFocus } = props;
  const { t } = useTranslation();
  const items = Array.isArray(value) ? value.filter(isItem) : [];
  const labelField = optionText(options.labelField) ?? 'Name';
  const disabledWhen = optionText(options.disabledWhen);
  const disabledReason = optionText(options.disabledReason);
  const { itemDisabled } = (registry.formContext ?? {}) as SchemaFormContext;
  const columns = columnsFor(items.length, options.columns);
  const labelId = `${id}-label`;

  const reasonFor = (item: CheckboxListItem): string | boolean => {
    const fromApp = itemDisabled?.(name, item);
    if (typeof fromApp === 'string' && fromApp !== '') return fromApp;
    if (fromApp === true) return true;
    if (disabledWhen && item[disabledWhen]) return disabledReason ? t(disabledReason) : true;
    return false;
  };

  const toggle = (index: number, checked: boolean) =>
    onChange(items.map((item, i) => (i === index ? { ...item, IsChecked: checked } : item)));

  return (
    <Input.Wrapper
      labelElement="div"
      label={labelValue(label || undefined, hideLabel, false)}
      labelProps={{ id: labelId }}
      description={hideLabel ? undefined : optionText(options.description)}
      required={required}
      error={!hideError && rawErrors?.length ? rawErrors.join('\n') : undefined}
    >
      <SimpleGrid
        role="group"
        aria-labelledby={hideLabel ? undefined : labelId}
        cols={{ base: 1, sm: Math.min(columns, 2), md: columns }}
        spacing="md"
        verticalSpacing="xs"
        mt={6}
      >
        {items.map((item, index) => {
          const reason = reasonFor(item);
          return (
            <Checkbox
              key={String(item.Id)}
              id={index === 0 ? id : `${id}_${index}`}
              label={String(item[labelField] ?? item.Id)}
              description={typeof reason === 'string' ? reason : undefined}
              checked={item.IsChecked === true}
              disabled={disabled || readonly || reason !== false}
              onChange={(event) => toggle(index, event.currentTarget.checked)}
              onBlur={() => onBlur(id, value)}
              onFocus={() => onFocus(id, value)}
            />
          );
        })}
      </SimpleGrid>
    </Input.Wrapper>
  );
}
