import {
  Autocomplete,
  type ComboboxParsedItem,
  isOptionsGroup,
  type OptionsFilter,
} from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds, labelValue } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import type { SchemaFormContext } from '../schema-form-types';

/** Pause after the last key before asking for options. */
const searchDelayMs = 250;

const containsFilter: OptionsFilter = ({ options, search }) => {
  const needle = search.trim().toLowerCase();
  const contains = (item: ComboboxParsedItem): boolean =>
    isOptionsGroup(item) ? false : item.label.toLowerCase().includes(needle);
  return options.filter(contains);
};

/**
 * Free text with suggestions: after at least `ui:options.minChars` (default 2) characters it
 * asks `formContext.loadOptions(field, text)` (`field` = `ui:options.source`, else the
 * property name) and offers the answers that contain the text.
 */
export function AutocompleteWidget(props: WidgetProps) {
  const { id, htmlName, name, value, placeholder, required, disabled, readonly } = props;
  const { autofocus, label, hideLabel, hideError, options, rawErrors, registry, schema } = props;
  const { onChange, onBlur, onFocus } = props;
  const { loadOptions } = (registry.formContext ?? {}) as SchemaFormContext;
  const source = typeof options.source === 'string' ? options.source : name;
  const minChars = typeof options.minChars === 'number' ? options.minChars : 2;
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastRequest = useRef(0);

  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (text: string) => {
    clearTimeout(timer.current);
    const request = ++lastRequest.current;
    if (!loadOptions || text.trim().length < minChars) {
      setSuggestions([]);
      return;
    }
    timer.current = setTimeout(() => {
      const answer = (list: readonly string[]) => {
        if (request === lastRequest.current) setSuggestions([...new Set(list)]);
      };
      loadOptions(source, text).then(answer, () => answer([]));
    }, searchDelayMs);
  };

  const handleChange = (text: string) => {
    onChange(text === '' ? options.emptyValue : text);
    search(text);
  };

  return (
    <Autocomplete
      id={id}
      name={htmlName || id}
      label={labelValue(label || undefined, hideLabel, false)}
      description={hideLabel ? undefined : (options.description ?? schema.description)}
      required={required}
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      placeholder={placeholder || undefined}
      value={value == null ? '' : String(value)}
      data={suggestions}
      filter={containsFilter}
      onChange={handleChange}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
      error={!hideError && rawErrors?.length ? rawErrors.join('\n') : undefined}
      aria-describedby={ariaDescribedByIds(id)}
    />
  );
}
