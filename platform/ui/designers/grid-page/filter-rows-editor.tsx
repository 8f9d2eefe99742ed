import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useId, useMemo, useState } from 'react';
import { AdvancedPart } from '../kit/advanced-part';
import type { ODataFieldType } from '#platform/core';
import { PlusIcon, TrashIcon } from '../data-source/designer-icons';
import { useTranslate } from '../data-source/use-translate';
import {
  type FilterFields,
  type FilterOperator,
  type FilterRow,
  type FilterRows,
  odataOfRows,
  operatorsFor,
  rowsOfOData,
  takesValue,
} from '../kit/filter-rows';
import { useDesigner, useFieldList } from './designer-context';
import { useTitleText } from './translated-hint';

const filterTypes = new Set<string>(['string', 'integer', 'number', 'boolean', 'date', 'datetime']);
const complete = (row: FilterRow) => !takesValue(row.operator) || row.value.trim() !== '';

function ValueInput({
  type,
  row,
  label,
  readOnly,
  onChange,
}: {
  type: ODataFieldType | undefined;
  row: FilterRow;
  label: string;
  readOnly: boolean;
  onChange(value: string): void;
}) {
  const t = useTranslate();
  if (!takesValue(row.operator)) return null;
  if (type === 'boolean') {
    return (
      <NativeSelect
        aria-label={label}
        data={[
          { value: 'true', label: t('GRID_DESIGNER.FILTER_ROWS.YES') },
          { value: 'false', label: t('GRID_DESIGNER.FILTER_ROWS.NO') },
        ]}
        value={row.value || 'true'}
        onChange={(event) => onChange(event.currentTarget.value)}
        disabled={readOnly}
      />
    );
  }
  const inputType =
    type === 'date' ? 'date' : type === 'integer' || type === 'number' ? 'number' : 'text';
  return (
    <TextInput
      aria-label={label}
      type={inputType}
      value={row.value}
      onChange={(event) => onChange(event.currentTarget.value)}
      readOnly={readOnly}
      style={{ flex: 1, minWidth: 120 }}
    />
  );
}

/**
 * The default filter as rows of field, operator and value, joined by AND or OR; the OData
 * text it makes is under "Advanced", editable. A text the rows cannot show says so, and counts.
 */
export function FilterRowsEditor({ error }: { error: string | undefined }) {
  const t = useTranslate();
  const id = useId();
  const { state, dispatch, readOnly } = useDesigner();
  const sourceFields = useFieldList();
  const fields = useMemo<FilterFields>(
    () =>
      Object.fromEntries(
        sourceFields
          .filter((field) => field.ColumnType !== null && filterTypes.has(field.ColumnType))
          .map((field) => [field.Name, field.ColumnType as ODataFieldType]),
      ),
    [sourceFields],
  );
  const titleText = useTitleText();
  // Fields by their titles in the user's language (a title may be a translation key).
  const titleOf = (name: string) =>
    titleText(sourceFields.find((field) => field.Name === name)?.Title) || name;
  const [rows, setRows] = useState<FilterRows | null>(() => rowsOfOData(state.filter, fields));
  // The fields arrive after the page: the filter is read again with them.
  useEffect(() => setRows(rowsOfOData(state.filter, fields)), [fields]); // eslint-disable-line react-hooks/exhaustive-deps
  const [advanced, setAdvanced] = useState(false);
  const showText = advanced || rows === null || Boolean(error);

  const change = (next: FilterRows) => {
    setRows(next);
    dispatch({
      type: 'filter',
      filter: odataOfRows({ ...next, rows: next.rows.filter(complete) }, fields),
    });
  };
  const names = Object.keys(fields);
  const setRow = (index: number, patch: Partial<FilterRow>) => {
    if (!rows) return;
    const list = rows.rows.map((row, at) => {
      if (at !== index) return row;
      const next = { ...row, ...patch };
      const operators = operatorsFor(fields[next.field]);
      return operators.includes(next.operator)
        ? next
        : { ...next, operator: operators[0]!, value: '' };
    });
    change({ ...rows, rows: list });
  };
  const fieldOptions = names.map((name) => ({ value: name, label: titleOf(name) }));

  return (
    <Stack gap="xs" role="group" aria-labelledby={`${id}-label`}>
      <Text size="sm" fw={500} id={`${id}-label`}>
        {t('GRID_DESIGNER.FILTER')}
      </Text>
      {rows === null ? (
        <Alert color="orange" p="xs">
          {t('GRID_DESIGNER.FILTER_ROWS.UNREADABLE')}
        </Alert>
      ) : (
        <>
          {rows.rows.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('GRID_DESIGNER.FILTER_ROWS.NONE')}
            </Text>
          )}
          {rows.rows.length > 1 && (
            <SegmentedControl
              aria-label={t('GRID_DESIGNER.FILTER_ROWS.JOIN')}
              value={rows.join}
              disabled={readOnly}
              data={[
                { value: 'and', label: t('GRID_DESIGNER.FILTER_ROWS.AND') },
                { value: 'or', label: t('GRID_DESIGNER.FILTER_ROWS.OR') },
              ]}
              onChange={(join) => change({ ...rows, join: join as FilterRows['join'] })}
              style={{ alignSelf: 'flex-start' }}
            />
          )}
          {rows.rows.map((row, index) => {
            const number = index + 1;
            const type = fields[row.field];
            return (
              <Group key={index} gap="xs" wrap="wrap" align="flex-end">
                <NativeSelect
                  aria-label={t('GRID_DESIGNER.FILTER_ROWS.FIELD', { number })}
                  data={
                    names.includes(row.field)
                      ? fieldOptions
                      : [{ value: row.field, label: row.field }, ...fieldOptions]
                  }
                  value={row.field}
                  onChange={(event) => setRow(index, { field: event.currentTarget.value })}
                  disabled={readOnly}
                />
                <NativeSelect
                  aria-label={t('GRID_DESIGNER.FILTER_ROWS.OPERATOR', { number })}
                  data={operatorsFor(type).map((operator) => ({
                    value: operator,
                    label: t(`GRID_DESIGNER.FILTER_OP.${operator}`),
                  }))}
                  value={row.operator}
                  onChange={(event) =>
                    setRow(index, { operator: event.currentTarget.value as FilterOperator })
                  }
                  disabled={readOnly}
                />
                <ValueInput
                  type={type}
                  row={row}
                  label={t('GRID_DESIGNER.FILTER_ROWS.VALUE', { number })}
                  readOnly={readOnly}
                  onChange={(value) => setRow(index, { value })}
                />
                {!readOnly && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('GRID_DESIGNER.FILTER_ROWS.REMOVE', { number })}
                    onClick={() =>
                      change({ ...rows, rows: rows.rows.filter((_, at) => at !== index) })
                    }
                  >
                    <TrashIcon />
                  </ActionIcon>
                )}
              </Group>
            );
          })}
          {!readOnly && names.length > 0 && (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<PlusIcon size={12} />}
              style={{ alignSelf: 'flex-start' }}
              onClick={() =>
                change({
                  ...rows,
                  rows: [
                    ...rows.rows,
                    { field: names[0]!, operator: operatorsFor(fields[names[0]!])[0]!, value: '' },
                  ],
                })
              }
            >
              {t('GRID_DESIGNER.FILTER_ROWS.ADD')}
            </Button>
          )}
        </>
      )}
      <AdvancedPart open={showText} onToggle={setAdvanced}>
        <TextInput
          label={t('GRID_DESIGNER.FILTER_TEXT')}
          description={t('GRID_DESIGNER.FILTER_HELP')}
          value={state.filter}
          onChange={(event) => {
            const text = event.currentTarget.value;
            dispatch({ type: 'filter', filter: text });
            setRows(rowsOfOData(text, fields));
          }}
          error={error}
          readOnly={readOnly}
          maxLength={2000}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
      </AdvancedPart>
    </Stack>
  );
}
