import { Checkbox, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface SelectableColumn<Row> {
  title: string;
  cell(row: Row): ReactNode;
}

interface SelectableTableProps<Row> {
  title: string;
  hint: string;
  rows: readonly Row[];
  codeOf(row: Row): string;
  columns: readonly SelectableColumn<Row>[];
  selected: ReadonlySet<string>;
  onChange(selected: Set<string>): void;
}

/** A titled list of differences, each row with a checkbox (and one to tick them all). */
export function SelectableTable<Row>({
  title,
  hint,
  rows,
  codeOf,
  columns,
  selected,
  onChange,
}: SelectableTableProps<Row>) {
  const { t } = useTranslation();
  const codes = rows.map(codeOf);
  const ticked = codes.filter((code) => selected.has(code)).length;
  const toggle = (code: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(code);
    else next.delete(code);
    onChange(next);
  };
  return (
    <Stack gap={4}>
      <Title order={4}>
        {title} ({rows.length})
      </Title>
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm">{t('SYNC_UNITS.NONE')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label={title} striped verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t('SYNC_UNITS.SELECT_ALL', { list: title })}
                    checked={ticked === codes.length}
                    indeterminate={ticked > 0 && ticked < codes.length}
                    onChange={(event) =>
                      onChange(new Set(event.currentTarget.checked ? codes : []))
                    }
                  />
                </Table.Th>
                {columns.map((column) => (
                  <Table.Th key={column.title}>{column.title}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => {
                const code = codeOf(row);
                return (
                  <Table.Tr key={code}>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('SYNC_UNITS.SELECT', { code })}
                        checked={selected.has(code)}
                        onChange={(event) => toggle(code, event.currentTarget.checked)}
                      />
                    </Table.Td>
                    {columns.map((column) => (
                      <Table.Td key={column.title}>{column.cell(row)}</Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
