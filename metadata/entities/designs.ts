import type { EntityDefinition } from '../engine/definitions';

const id = { type: 'integer', title: 'ENTITY.ID', readOnly: true } as const;
const version = { type: 'integer', readOnly: true } as const;

/** The grid pages themselves, as `odata/GridPagesOData` lists them (menu editor, designer). */
export const gridPageEntity = {
  id: 20,
  name: 'GridPages',
  entityType: 'GridPage',
  screens: { list: '/admin/grids', detail: '/admin/grids/:id' },
  api: { Get: '/api/grids/{id}', Save: '/api/grids', Delete: '/api/grids/{id}' },
  schema: {
    type: 'object',
    required: ['PageTitle'],
    properties: {
      Id: id,
      PageTitle: { type: 'string', title: 'ENTITY.GRID_PAGE.TITLE', minLength: 1, maxLength: 200 },
      DataSourceId: { type: 'integer', title: 'ENTITY.GRID_PAGE.DATA_SOURCE' },
      DataSourceName: { type: 'string', title: 'ENTITY.GRID_PAGE.DATA_SOURCE', readOnly: true },
      PkField: { type: 'string', title: 'ENTITY.GRID_PAGE.PK_FIELD', readOnly: true },
      ListUrl: { type: 'string', readOnly: true },
      IsSystem: { type: 'boolean', title: 'ENTITY.IS_SYSTEM', readOnly: true },
      Version: version,
    },
  },
  form: {},
  permissions: {
    read: 'ManageGridPages,ManageMenu',
    create: 'ManageGridPages',
    update: 'ManageGridPages',
    delete: 'ManageGridPages',
  },
  unique: ['PageTitle'],
  storage: {
    table: 'grid_pages',
    key: 'id',
    versionColumn: 'version',
    fields: {
      Id: 'id',
      PageTitle: 'page_title',
      DataSourceId: 'data_source_id',
      DataSourceName: {
        lookup: { table: 'data_sources', key: 'id', column: 'name', foreignKey: 'data_source_id' },
      },
      PkField: 'pk_field',
      ListUrl: 'list_url',
      IsSystem: 'is_system',
      Version: 'version',
    },
  },
  grid: {
    PageTitle: 'ROUTES.GRID_PAGES',
    ListUrl: '/odata/GridPagesOData',
    DetailUrl: '/admin/grids/{id}',
    PageSize: 20,
    DefaultSort: [{ Field: 'PageTitle', Desc: false }],
    DefaultFilter: null,
    DefaultFilterTitle: null,
    Columns: [
      {
        Id: 1,
        Field: 'PageTitle',
        Title: 'ENTITY.GRID_PAGE.TITLE',
        Format: null,
        Type: 'string',
        Order: 1,
      },
      {
        Id: 2,
        Field: 'DataSourceName',
        Title: 'ENTITY.GRID_PAGE.DATA_SOURCE',
        Format: null,
        Type: 'string',
        Order: 2,
      },
      {
        Id: 3,
        Field: 'IsSystem',
        Title: 'ENTITY.IS_SYSTEM',
        Format: 'yesno',
        Type: 'boolean',
        Order: 3,
      },
    ],
    Actions: [],
    RowActions: [],
  },
} as const satisfies EntityDefinition;

/** The data sources (user tables and the virtual ones over built-in tables). */
export const dataSourceEntity = {
  id: 21,
  name: 'DataSources',
  entityType: 'DataSource',
  screens: { list: '/admin/dataSources', detail: '/admin/dataSources/:id' },
  api: { Get: '/api/dataSources/{id}', Save: '/api/dataSources', Delete: '/api/dataSources/{id}' },
  schema: {
    type: 'object',
    required: ['Name', 'PrimaryKeyField'],
    properties: {
      Id: id,
      Name: { type: 'string', title: 'ENTITY.DATA_SOURCE.NAME', minLength: 1, maxLength: 100 },
      IsVirtual: { type: 'boolean', title: 'ENTITY.DATA_SOURCE.IS_VIRTUAL', readOnly: true },
      PrimaryKeyField: {
        type: 'string',
        title: 'ENTITY.DATA_SOURCE.PK_FIELD',
        minLength: 1,
        maxLength: 100,
      },
      IsSystem: { type: 'boolean', title: 'ENTITY.IS_SYSTEM', readOnly: true },
      Version: version,
    },
  },
  form: {},
  permissions: {
    read: 'ManageDataSources,ManageGridPages',
    create: 'ManageDataSources',
    update: 'ManageDataSources',
    delete: 'ManageDataSources',
  },
  unique: ['Name'],
  storage: {
    table: 'data_sources',
    key: 'id',
    versionColumn: 'version',
    fields: {
      Id: 'id',
      Name: 'name',
      IsVirtual: 'is_virtual',
      PrimaryKeyField: 'primary_key_field',
      IsSystem: 'is_system',
      Version: 'version',
    },
  },
  grid: {
    PageTitle: 'ROUTES.DATA_SOURCES',
    ListUrl: '/odata/DataSourcesOData',
    DetailUrl: '/admin/dataSources/{id}',
    PageSize: 20,
    DefaultSort: [{ Field: 'Name', Desc: false }],
    DefaultFilter: null,
    DefaultFilterTitle: null,
    Columns: [
      {
        Id: 1,
        Field: 'Name',
        Title: 'ENTITY.DATA_SOURCE.NAME',
        Format: null,
        Type: 'string',
        Order: 1,
      },
      {
        Id: 2,
        Field: 'IsVirtual',
        Title: 'ENTITY.DATA_SOURCE.IS_VIRTUAL',
        Format: 'yesno',
        Type: 'boolean',
        Order: 2,
      },
      {
        Id: 3,
        Field: 'IsSystem',
        Title: 'ENTITY.IS_SYSTEM',
        Format: 'yesno',
        Type: 'boolean',
        Order: 3,
      },
    ],
    Actions: [],
    RowActions: [],
  },
} as const satisfies EntityDefinition;
