import { DateTimePicker } from '@mantine/dates';
import type { WidgetProps } from '@rjsf/utils';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { fieldProps } from './field-props';

/** How date-times are shown unless `ui:options.displayFormat` says otherwise. */
export const defaultDateTimeDisplayFormat = 'DD/MM/YYYY HH:mm';

/** Mantine's local `YYYY-MM-DD HH:mm:ss` of a stored ISO date-time, or null. */
function pickerValue(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const date = dayjs(value);
  return date.isValid() ? date.format('YYYY-MM-DD HH:mm:ss') : null;
}

/**
 * A `format: date-time` string as a date and time picker in local time; the value is an ISO
 * date-time in UTC (`2025-03-01T07:30:00.000Z`), which `format: date-time` accepts.
 */
export function DateTimeWidget(props: WidgetProps) {
  const { id, value, placeholder, required, disabled, readonly, options } = props;
  const { onChange, onBlur, onFocus } = props;
  const { t } = useTranslation();
  const displayFormat =
    typeof options.displayFormat === 'string'
      ? options.displayFormat
      : defaultDateTimeDisplayFormat;

  return (
    <DateTimePicker
      {...fieldProps(props)}
      placeholder={placeholder || displayFormat}
      valueFormat={displayFormat}
      value={pickerValue(value)}
      clearable={!required && !readonly && !disabled}
      // Mantine's confirm button is an icon without a name.
      submitButtonProps={{ 'aria-label': t('FORM.APPLY_DATE_TIME') }}
      onChange={(next) => onChange(next ? dayjs(next).toISOString() : options.emptyValue)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
