import type { ColumnType, GridAction, GridColumn, GridRowAction } from './definitions';

/**
 * Building blocks of entity definitions: they keep the literals short and alike. Ids are
 * explicit because an administrator's changes are merged by column and action id.
 */

/** A grid column shown in the order of its id. */
export function column(
  Id: number,
  Field: string,
  Title: string,
  Type: ColumnType,
  Format: string | null = null,
  extra: Pick<
    GridColumn,
    'Sortable' | 'Filterable' | 'Width' | 'FilterFields' | 'FilterByValuesOnly'
  > = {},
): GridColumn {
  return { Id, Field, Title, Format, Type, Order: Id, ...extra };
}

/** A yes/no column. */
export const flagColumn = (Id: number, Field: string, Title: string): GridColumn =>
  column(Id, Field, Title, 'boolean', 'yesno');

const action = <Type extends string>(
  Id: number,
  Type: Type,
  Title: string,
  Permission: string,
) => ({
  Id,
  Title,
  Type,
  UrlToRedirect: null,
  Order: Id,
  Permission,
});

export const newAction = (permission: string, Id = 1): GridAction =>
  action(Id, 'New', 'GRID.ACTION.NEW', permission);
export const editAction = (permission: string, Id = 1): GridRowAction =>
  action(Id, 'Edit', 'GRID.ACTION.EDIT', permission);
export const deleteAction = (permission: string, Id = 2): GridRowAction =>
  action(Id, 'Delete', 'GRID.ACTION.DELETE', permission);

/** Schema of the row id and version: shown to nobody, written by the server. */
export const idProperty = { type: 'integer', title: 'ENTITY.ID', readOnly: true } as const;
export const versionProperty = { type: 'integer', readOnly: true } as const;
export const hiddenField = { 'ui:widget': 'hidden' } as const;

/**
 * A checked item of a checkbox list (a user's roles, a group's users): read with its Name,
 * posted back with only its Id and IsChecked mattering.
 */
export const checkedItem = (extra: Record<string, unknown> = {}) =>
  ({
    type: 'object',
    required: ['Id', 'IsChecked'],
    properties: {
      Id: { type: 'integer' },
      Name: { type: 'string' },
      IsChecked: { type: 'boolean' },
      ...extra,
    },
  }) as const;

/** The `oneOf` of a fixed list of named ids, typed as the tuple it is (RJSF shows the titles). */
export const choicesOf = <const List extends readonly { Id: number; Name: string }[]>(list: List) =>
  list.map((item) => ({ const: item.Id, title: item.Name })) as unknown as {
    [Index in keyof List]: { const: List[Index]['Id']; title: List[Index]['Name'] };
  };
