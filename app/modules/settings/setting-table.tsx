import { ActionIcon, Button, Input, NumberInput, Stack, Table, Text } from '@mantine/core';
import type { SettingDefinition } from '#metadata';
import { useTranslation } from 'react-i18next';

interface SettingTableProps {
  setting: SettingDefinition;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
}

type Row = Record<string, unknown>;

const isRecord = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at a dotted path of an object. */
const at = (value: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((inner, part) => (isRecord(inner) ? inner[part] : undefined), value);

/** A copy of `value` with `path` set to `next`. */
function withAt(value: unknown, path: string, next: unknown): unknown {
  const [head, ...rest] = path.split('.');
  const record = isRecord(value) ? value : {};
  return { ...record, [head!]: rest.length ? withAt(record[head!], rest.join('.'), next) : next };
}

interface CellProps {
  label: string;
  value: unknown;
  nullable?: boolean;
  placeholder?: string;
  onChange: (value: number | string | null) => void;
}

function NumberCell({ label, value, nullable, placeholder, onChange }: CellProps) {
  return (
    <NumberInput
      aria-label={label}
      size="xs"
      value={typeof value === 'number' ? value : ''}
      placeholder={placeholder}
      onChange={(next) => onChange(typeof next === 'number' ? next : nullable ? null : next)}
      hideControls
      miw={90}
    />
  );
}

/**
 * A table-shaped setting as an editable table: a list of rows (`[{ maxMm, minutes }]`), a
 * list of numbers, or an object whose leaves are rows of numbers (the material table).
 */
export function SettingTable({ setting, value, onChange, error }: SettingTableProps) {
  const { t } = useTranslation();
  const columns = Object.entries(setting.columns ?? {});
  const title = t(setting.title);
  const items = setting.schema.items as { type?: unknown; properties?: Row } | undefined;
  let head: string[];
  let body: { label: string; cells: CellProps[]; remove?: () => void }[];
  let add: (() => void) | null = null;

  if (Array.isArray(value) && items?.type === 'object') {
    head = columns.map(([, key]) => t(key));
    body = value.map((row: unknown, index) => ({
      label: String(index + 1),
      cells: columns.map(([column, key]) => {
        const types = (items.properties?.[column] as { type?: unknown } | undefined)?.type;
        const nullable = Array.isArray(types) && types.includes('null');
        return {
          label: `${title} ${index + 1}: ${t(key)}`,
          value: isRecord(row) ? row[column] : undefined,
          nullable,
          placeholder: nullable ? t('SETTINGS.TABLE_EMPTY_MEANS_ANY') : undefined,
          onChange: (next) =>
            onChange(
              value.map((old: unknown, i) =>
                i === index ? { ...(old as Row), [column]: next } : old,
              ),
            ),
        };
      }),
      remove: () => onChange(value.filter((_row: unknown, i) => i !== index)),
    }));
    // A new row goes before the last, which is often the open-ended one ("any thickness").
    add = () => {
      const template = (value[value.length - 2] ?? value[value.length - 1]) as Row | undefined;
      onChange([...value.slice(0, -1), { ...template }, ...value.slice(-1)]);
    };
  } else if (Array.isArray(value)) {
    head = columns.map(([, key]) => t(key));
    body = value.map((cell: unknown, index) => ({
      label: String(index + 1),
      cells: [
        {
          label: `${title} ${index + 1}`,
          value: cell,
          onChange: (next) => onChange(value.map((old: unknown, i) => (i === index ? next : old))),
        },
      ],
      remove: () => onChange(value.filter((_cell: unknown, i) => i !== index)),
    }));
    add = () => onChange([...value, value[value.length - 1] ?? 0.1]);
  } else {
    head = columns.map(([, key]) => t(key));
    body = Object.entries(setting.rows ?? {}).map(([path, rowTitle]) => ({
      label: t(rowTitle),
      cells: columns.map(([column, key]) => ({
        label: `${t(rowTitle)}: ${t(key)}`,
        value: at(value, `${path}.${column}`),
        onChange: (next) => onChange(withAt(value, `${path}.${column}`, next)),
      })),
    }));
  }
  const removable = body.length > 1 && add !== null;

  return (
    <Stack gap={6}>
      <Stack gap={2}>
        <Input.Label>
          {title}
          {setting.unit && ` (${t(setting.unit)})`}
        </Input.Label>
        {setting.description && <Input.Description>{t(setting.description)}</Input.Description>}
      </Stack>
      <Table withTableBorder withColumnBorders striped w="auto" maw={760} aria-label={title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{add ? t('SETTINGS.TABLE_ROW') : ''}</Table.Th>
            {head.map((text) => (
              <Table.Th key={text}>{text}</Table.Th>
            ))}
            {removable && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {body.map((row) => (
            <Table.Tr key={row.label}>
              <Table.Td>
                <Text size="sm">{row.label}</Text>
              </Table.Td>
              {row.cells.map((cell) => (
                <Table.Td key={cell.label}>
                  <NumberCell {...cell} />
                </Table.Td>
              ))}
              {removable && (
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('SETTINGS.TABLE_REMOVE_ROW', { row: row.label })}
                    onClick={row.remove}
                  >
                    ×
                  </ActionIcon>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {add && (
        <Button variant="subtle" size="xs" w="fit-content" onClick={add}>
          {t('SETTINGS.TABLE_ADD_ROW')}
        </Button>
      )}
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
