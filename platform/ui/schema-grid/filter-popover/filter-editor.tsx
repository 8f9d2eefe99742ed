import type { GridColumn } from '#metadata';
import type { ColumnFilter } from '../column-filter';
import { BooleanFilter } from './boolean-filter';
import { DateRangeFilter } from './date-range-filter';
import { FilterGroup } from './filter-group';
import type { FetchValues } from './filter-popover';
import { ListFilter } from './list-filter';
import { NumberRangeFilter } from './number-range-filter';
import { TextFilter } from './text-filter';

export interface FilterEditorProps {
  column: GridColumn;
  draft: ColumnFilter;
  onChange(draft: ColumnFilter): void;
  fetchValues?: FetchValues;
}

/** The inputs of a filter popup, chosen by the kind of filter the column type has. */
export function FilterEditor({ column, draft, onChange, fetchValues }: FilterEditorProps) {
  switch (draft.kind) {
    case 'text':
      return (
        <TextFilter
          field={column.Field}
          valuesOnly={column.FilterByValuesOnly === true}
          draft={draft}
          onChange={onChange}
          fetchValues={fetchValues}
        />
      );
    case 'range':
      return (
        <NumberRangeFilter integer={column.Type === 'integer'} draft={draft} onChange={onChange} />
      );
    case 'dates':
      return <DateRangeFilter draft={draft} onChange={onChange} />;
    case 'boolean':
      return <BooleanFilter draft={draft} onChange={onChange} />;
    case 'list':
      return <ListFilter draft={draft} onChange={onChange} />;
    case 'group':
      return (
        <FilterGroup
          column={column}
          draft={draft}
          onChange={onChange}
          renderEditor={(part, partDraft, onPartChange) => (
            <FilterEditor
              column={part}
              draft={partDraft}
              onChange={onPartChange}
              fetchValues={fetchValues}
            />
          )}
        />
      );
  }
}
