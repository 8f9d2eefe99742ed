import { NumberInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { getSchemaType } from '@rjsf/utils';
import { useState } from 'react';
import { fieldProps } from './field-props';

const asText = (value: unknown): string =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : '';

const isIntegerOnly = (type: unknown) => {
  const types = [type].flat();
  return types.includes('integer') && !types.includes('number');
};

/** The number of a complete entry, undefined while it is empty or half typed (`-`, `1e`). */
function parseNumber(text: number | string): number | undefined {
  if (typeof text === 'number') return Number.isFinite(text) ? text : undefined;
  if (text.trim() === '') return undefined;
  const number = Number(text);
  return Number.isFinite(number) ? number : undefined;
}

/**
 * Number input of any step: `0.001` is accepted as typed (no browser step check, no
 * rounding); integers refuse the decimal separator. Min and max are checked by validation,
 * not clamped, so the user sees why a value is refused.
 */
export function NumberWidget(props: WidgetProps) {
  const { id, schema, value, placeholder, options, onChange, onBlur, onFocus } = props;
  // The text as typed: `0.00` on the way to `0.001` must not become `0`.
  const [entry, setEntry] = useState({ text: asText(value), value: value as unknown });
  if (!Object.is(entry.value, value)) setEntry({ text: asText(value), value });

  const handleChange = (next: number | string) => {
    const number = parseNumber(next) ?? options.emptyValue;
    setEntry({ text: String(next), value: number });
    onChange(number);
  };

  return (
    <NumberInput
      {...fieldProps(props)}
      placeholder={placeholder || undefined}
      allowDecimal={!isIntegerOnly(getSchemaType(schema))}
      hideControls
      value={entry.text}
      onChange={handleChange}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
