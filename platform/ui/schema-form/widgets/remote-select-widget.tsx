import { Select } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { http } from '../../http';
import { fieldProps } from './field-props';

interface Choice {
  value: string;
  label: string;
}

const sameCode = (a: string, b: string) =>
  a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

/** Answers of one options URL, shared by every field that asks for it while the page lives. */
const loaded = new Map<string, Promise<Choice[]>>();

function choicesOf(source: string, valueField: string, labelField: string): Promise<Choice[]> {
  const key = `${source}|${valueField}|${labelField}`;
  let choices = loaded.get(key);
  if (!choices) {
    choices = http.get<Record<string, unknown>[]>(source).then((rows) =>
      rows.map((row) => ({
        value: String(row[valueField]),
        label: String(row[labelField] ?? row[valueField]),
      })),
    );
    choices.catch(() => loaded.delete(key));
    loaded.set(key, choices);
  }
  return choices;
}

/**
 * A choice among rows a server call lists: `ui:options.source` (a GET answering an array),
 * `valueField` (default `Id`) and `labelField` (default `Name`). Clearing it stores null.
 *
 * @example { 'ui:widget': 'remoteSelect', 'ui:options': { source: '/api/Language/GetLanguages' } }
 */
export function RemoteSelectWidget(props: WidgetProps) {
  const { id, value, required, options, onChange, onBlur, onFocus } = props;
  const source = typeof options.source === 'string' ? options.source : null;
  const valueField = typeof options.valueField === 'string' ? options.valueField : 'Id';
  const labelField = typeof options.labelField === 'string' ? options.labelField : 'Name';
  const [choices, setChoices] = useState<Choice[]>([]);

  useEffect(() => {
    if (!source) return;
    let live = true;
    choicesOf(source, valueField, labelField).then(
      (list) => live && setChoices(list),
      () => live && setChoices([]),
    );
    return () => {
      live = false;
    };
  }, [source, valueField, labelField]);

  const stored = value == null || value === '' ? null : String(value);
  // Codes are matched whatever their case (a language `en-GB` is the listed `en-gb`); a stored
  // value the list does not (yet) hold is still shown, as itself.
  const match = stored ? choices.find((choice) => sameCode(choice.value, stored)) : undefined;
  const current = match?.value ?? stored;
  const data = current && !match ? [...choices, { value: current, label: current }] : choices;

  return (
    <Select
      {...fieldProps(props)}
      placeholder={props.placeholder || undefined}
      clearable={!required}
      searchable
      data={data}
      value={current}
      onChange={(next) => onChange(next ?? options.emptyValue ?? null)}
      onBlur={() => onBlur(id, current)}
      onFocus={() => onFocus(id, current)}
    />
  );
}
