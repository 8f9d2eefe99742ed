import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridColumn } from '#metadata';
import type { ColumnFilter, FieldFilter } from '../column-filter';

type GroupDraft = ColumnFilter & { kind: 'group' };

/** The filters of a column's filter fields, one titled editor each (temperature, wind). */
export function FilterGroup({
  column,
  draft,
  onChange,
  renderEditor,
}: {
  column: GridColumn;
  draft: GroupDraft;
  onChange(draft: GroupDraft): void;
  /** The editor of one part (the popup's editor, passed in: it also draws this group). */
  renderEditor(
    column: GridColumn,
    draft: ColumnFilter,
    onChange: (draft: ColumnFilter) => void,
  ): ReactNode;
}) {
  const { t } = useTranslation();
  const update = (index: number, filter: ColumnFilter) =>
    onChange({
      ...draft,
      parts: draft.parts.map((part, at) => (at === index ? { ...part, filter } : part)),
    });
  return (
    <Stack gap="sm">
      {draft.parts.map((part: FieldFilter, index) => {
        const field = column.FilterFields?.find((candidate) => candidate.Field === part.field);
        const title = t(field?.Title ?? part.field);
        const partColumn: GridColumn = {
          Id: column.Id,
          Field: part.field,
          Title: title,
          Format: null,
          Type: part.type,
          Order: column.Order,
        };
        return (
          <Stack key={part.field} gap={4} role="group" aria-label={title}>
            <Text size="xs" fw={600}>
              {title}
            </Text>
            {renderEditor(partColumn, part.filter, (filter) => update(index, filter))}
          </Stack>
        );
      })}
    </Stack>
  );
}
