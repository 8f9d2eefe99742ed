import type { GridColumn, GridPage } from '#metadata';

/** A grid column titled by its field, in the order of its id. */
export const gridColumn = (
  Id: number,
  Field: string,
  Type: GridColumn['Type'],
  extra: Partial<GridColumn> = {},
): GridColumn => ({ Id, Field, Title: Field, Format: null, Type, Order: Id, ...extra });

/** A grid page of deliveries-like rows keyed by Id, 5 a page, with no actions: the tests add theirs. */
export const testGridPage = (overrides: Partial<GridPage> = {}): GridPage => ({
  Id: 9,
  PageTitle: 'Deliveries',
  DataSourceId: 9,
  DataSourceName: 'Deliveries',
  EntityType: 'Delivery',
  PkField: 'Id',
  Api: { Get: '/api/deliveries/{id}', Save: '/api/deliveries', Delete: null },
  SchemaDefinition: {},
  FormDefinition: null,
  Columns: [],
  Actions: [],
  RowActions: [],
  PageSize: 5,
  DefaultSort: [],
  DefaultFilter: null,
  DefaultFilterTitle: null,
  ListUrl: '/odata/DeliveriesOData',
  DetailUrl: null,
  Permission: '',
  IsSystem: false,
  Version: 1,
  ...overrides,
});
