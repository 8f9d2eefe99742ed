import type { GridColumn, GridPage } from '#metadata';
import type { ODataRequest, RowPage } from '#platform/ui';

type Row = Record<string, unknown>;

/**
 * A grid page over a list the screen already holds (no data source behind it): read-only
 * text columns, sortable, filtered by the screen's own search box instead of column filters.
 */
export function localGridPage(
  title: string,
  pkField: string,
  columns: readonly { field: string; title: string }[],
  pageSize: number,
): GridPage {
  const Columns: GridColumn[] = columns.map((column, index) => ({
    Id: index + 1,
    Field: column.field,
    Title: column.title,
    Format: null,
    Type: 'string',
    Order: index + 1,
    Filterable: false,
  }));
  return {
    Id: 0,
    PageTitle: title,
    DataSourceId: 0,
    DataSourceName: '',
    EntityType: '',
    PkField: pkField,
    SchemaDefinition: { type: 'object', properties: {} },
    FormDefinition: null,
    Columns,
    Actions: [],
    RowActions: [],
    PageSize: pageSize,
    DefaultSort: [{ Field: columns[0]!.field, Desc: false }],
    DefaultFilter: null,
    DefaultFilterTitle: null,
    ListUrl: '',
    DetailUrl: null,
    Api: { Get: '', Save: '', Delete: null },
    Permission: '',
    IsSystem: true,
    Version: 1,
  };
}

/** The rows whose listed fields contain the search text, ignoring case. */
export function searchRows<T extends Row>(
  rows: readonly T[],
  fields: readonly string[],
  search: string,
) {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...rows];
  return rows.filter((row) =>
    fields.some((field) =>
      String(row[field] ?? '')
        .toLowerCase()
        .includes(needle),
    ),
  );
}

/** One page of held rows as the grid asks for it: `$orderby` (`Field asc|desc`, ...), `$skip`, `$top`. */
export function localPage<T extends Row>(rows: readonly T[], request: ODataRequest): RowPage<T> {
  const keys = (request.$orderby ?? '')
    .split(',')
    .map((part) => part.trim().split(/\s+/))
    .filter(([field]) => field);
  const sorted = [...rows].sort((a, b) => {
    for (const [field, direction] of keys) {
      const order = String(a[field!] ?? '').localeCompare(String(b[field!] ?? ''), undefined, {
        sensitivity: 'base',
      });
      if (order !== 0) return direction === 'desc' ? -order : order;
    }
    return 0;
  });
  const skip = Number(request.$skip) || 0;
  const top = Number(request.$top) || sorted.length;
  return { count: sorted.length, rows: sorted.slice(skip, skip + top) };
}
