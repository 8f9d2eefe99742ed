import { ActionIcon, Button, Group, Popover, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridColumn } from '#metadata';
import { emptyColumnFilter, isEmptyFilter, type ColumnFilter } from '../column-filter';
import { FilterIcon } from '../icons';
import { FilterEditor } from './filter-editor';

/**
 * Distinct values of a field containing `search`, for a text column's value list. `scope` is
 * the `$filter` of the grid's other filters (the column's own left out), so the list offers
 * only values that can still match.
 */
export type FetchValues = (
  field: string,
  search: string,
  scope?: { $filter?: string },
) => Promise<string[]>;

/** Spec: filter popups are 310 px wide. */
export const filterPopoverWidth = 310;

export interface FilterPopoverProps {
  column: GridColumn;
  /** The column's translated title. */
  title: string;
  value: ColumnFilter | undefined;
  /** Called with the new filter, or undefined when cleared; not called when nothing changed. */
  onApply(filter: ColumnFilter | undefined): void;
  fetchValues?: FetchValues;
}

/**
 * The filter button of a column header and its popup. The popup edits a draft of the
 * column's filter; Apply (or Enter) sets it, Clear removes it, Escape leaves it unchanged.
 */
export function FilterPopover({ column, title, value, onApply, fetchValues }: FilterPopoverProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<ColumnFilter>(() => value ?? emptyColumnFilter(column));
  const active = !isEmptyFilter(value);

  const open = () => {
    setDraft(value ?? emptyColumnFilter(column));
    setOpened(true);
  };
  const close = (next: ColumnFilter | undefined) => {
    setOpened(false);
    const normalised = isEmptyFilter(next) ? undefined : next;
    if (JSON.stringify(normalised) !== JSON.stringify(active ? value : undefined)) {
      onApply(normalised);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    close(draft);
  };

  return (
    <Popover
      opened={opened}
      onChange={(next) => (next ? open() : setOpened(false))}
      width={filterPopoverWidth}
      position="bottom-end"
      shadow="md"
      trapFocus
      returnFocus
      // The popup keeps its place while the user works in it, even if the header scrolls away.
      hideDetached={false}
    >
      <Popover.Target>
        <ActionIcon
          size="sm"
          variant={active ? 'light' : 'subtle'}
          color={active ? undefined : 'gray'}
          aria-label={t(active ? 'GRID.FILTER_ACTIVE' : 'GRID.FILTER', { column: title })}
          onClick={() => (opened ? setOpened(false) : open())}
        >
          <FilterIcon size={14} filled={active} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <FilterEditor
              column={column}
              draft={draft}
              onChange={setDraft}
              fetchValues={fetchValues}
            />
            <Group justify="flex-end" gap="xs">
              <Button size="xs" variant="default" onClick={() => close(undefined)}>
                {t('GRID.FILTER_CLEAR')}
              </Button>
              <Button size="xs" type="submit">
                {t('GRID.FILTER_APPLY')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
