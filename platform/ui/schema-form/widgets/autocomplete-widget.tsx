import {
  Autocomplete,
  type ComboboxParsedItem,
  isOptionsGroup,
  type OptionsFilter,
} from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import type { SchemaFormContext } from '../schema-form-types';
import { fieldProps } from './field-props';

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
  const { id, name, value, placeholder, options, registry, onChange, onBlur, onFocus } = props;
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
      {...fieldProps(props)}
      placeholder={placeholder || undefined}
      value={value == null ? '' : String(value)}
      data={suggestions}
      filter={containsFilter}
      onChange={handleChange}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}
