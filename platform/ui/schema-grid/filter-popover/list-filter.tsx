import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ColumnFilter } from '../column-filter';

type ListDraft = ColumnFilter & { kind: 'list' };

/** Rows having an item (a role, a group) whose name contains the text. */
export function ListFilter({
  draft,
  onChange,
}: {
  draft: ListDraft;
  onChange(draft: ListDraft): void;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      size="xs"
      label={t('GRID.FILTER_NAME_CONTAINS')}
      value={draft.text}
      onChange={(event) => onChange({ kind: 'list', text: event.currentTarget.value })}
      data-autofocus
    />
  );
}
