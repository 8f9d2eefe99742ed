import { Switch } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds, labelValue } from '@rjsf/utils';

/** A boolean as an on/off switch (`ui:widget: 'switch'`); the default is a checkbox. */
export function SwitchWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, label, hideLabel } = props;
  const { hideError, options, rawErrors, schema, onChange, onBlur, onFocus } = props;
  return (
    <Switch
      id={id}
      name={htmlName || id}
      label={labelValue(label || undefined, hideLabel, false)}
      description={hideLabel ? undefined : (options.description ?? schema.description)}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      checked={value === true}
      onChange={(event) => onChange(event.currentTarget.checked)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      error={!hideError && rawErrors?.length ? rawErrors.join('\n') : undefined}
      aria-describedby={ariaDescribedByIds(id)}
    />
  );
}
