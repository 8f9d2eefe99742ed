import { DateInput } from '@mantine/dates';
import type { WidgetProps } from '@rjsf/utils';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { fieldProps } from './field-props';

dayjs.extend(customParseFormat);

/** How dates are shown unless `ui:options.displayFormat` says otherwise. */
export const defaultDateDisplayFormat = 'DD/MM/YYYY';
const typedFormats = ['D/M/YYYY', 'D.M.YYYY', 'D-M-YYYY', 'YYYY-MM-DD'];

/** `YYYY-MM-DD` of what the user typed, in the display format or a common one; else null. */
function parseTyped(text: string, displayFormat: string): string | null {
  const typed = text.trim();
  for (const format of [displayFormat, ...typedFormats]) {
    const date = dayjs(typed, format, true);
    if (date.isValid()) return date.format('YYYY-MM-DD');
  }
  return null;
}

/** The `YYYY-MM-DD` part of a stored value, or null. */
const storedDate = (value: unknown): string | null =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;

/**
 * A `format: date` string as a date picker with typing; the value is `YYYY-MM-DD`. Shown as
 * `DD/MM/YYYY` (or `ui:options.displayFormat`); typing also accepts `D.M.YYYY`, ISO, ...
 */
export function DateWidget(props: WidgetProps) {
  const { id, value, placeholder, required, disabled, readonly, options } = props;
  const { onChange, onBlur, onFocus } = props;
  const displayFormat =
    typeof options.displayFormat === 'string' ? options.displayFormat : defaultDateDisplayFormat;

  return (
    <DateInput
      {...fieldProps(props)}
      placeholder={placeholder || displayFormat}
      valueFormat={displayFormat}
      dateParser={(text) => parseTyped(text, displayFormat)}
      value={storedDate(value)}
      clearable={!required && !readonly && !disabled}
      allowDeselect={!required}
      onChange={(date) => onChange(date ?? options.emptyValue)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
