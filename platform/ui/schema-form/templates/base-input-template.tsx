import { TextInput } from '@mantine/core';
import { SchemaExamples } from '@rjsf/core';
import type { BaseInputTemplateProps } from '@rjsf/utils';
import {
  ariaDescribedByIds,
  examplesId,
  getInputProps,
  getSchemaType,
  labelValue,
} from '@rjsf/utils';
import type { ChangeEvent } from 'react';
import { NumberWidget } from '../widgets/number-widget';

const isNumeric = (type: unknown) =>
  [type].flat().some((one) => one === 'number' || one === 'integer');

/**
 * The input of text-like fields (text, email, password, url) and, for numbers, the number
 * input. Read-only fields are `readOnly` (still selectable), not greyed out.
 */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, type, schema, value, placeholder, required, disabled, readonly } = props;
  const { autofocus, label, hideLabel, hideError, onChange, onChangeOverride, onBlur, onFocus } =
    props;
  const { options, rawErrors } = props;

  if (isNumeric(getSchemaType(schema)) || type === 'number') return <NumberWidget {...props} />;

  const inputType = getInputProps(schema, type, options).type;
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (onChangeOverride) onChangeOverride(event);
    else onChange(event.target.value === '' ? options.emptyValue : event.target.value);
  };

  return (
    <>
      <TextInput
        id={id}
        name={htmlName || id}
        type={inputType}
        label={labelValue(label || undefined, hideLabel, false)}
        description={hideLabel ? undefined : (options.description ?? schema.description)}
        required={required}
        readOnly={readonly}
        disabled={disabled}
        autoFocus={autofocus}
        placeholder={placeholder || undefined}
        autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : undefined}
        value={value == null ? '' : String(value)}
        onChange={handleChange}
        onBlur={(event) => onBlur(id, event.target.value)}
        onFocus={(event) => onFocus(id, event.target.value)}
        error={!hideError && rawErrors?.length ? rawErrors.join('\n') : undefined}
        list={schema.examples ? examplesId(id) : undefined}
        aria-describedby={ariaDescribedByIds(id, !!schema.examples)}
      />
      <SchemaExamples id={id} schema={schema} />
    </>
  );
}
