import type { WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds, labelValue } from '@rjsf/utils';

/**
 * The props every Mantine input of a schema form takes from RJSF the same way: identity,
 * label and description, state, the field's errors and the ids describing it.
 *
 * @example <NumberInput {...fieldProps(props)} value={...} onChange={...} />
 */
export function fieldProps(props: WidgetProps) {
  const { id, htmlName, label, hideLabel, hideError, options, rawErrors, schema } = props;
  return {
    id,
    name: htmlName || id,
    label: labelValue(label || undefined, hideLabel, false),
    description: hideLabel ? undefined : (options.description ?? schema.description),
    required: props.required,
    readOnly: props.readonly,
    disabled: props.disabled,
    autoFocus: props.autofocus,
    error: !hideError && rawErrors?.length ? rawErrors.join('\n') : undefined,
    'aria-describedby': ariaDescribedByIds(id),
  };
}
