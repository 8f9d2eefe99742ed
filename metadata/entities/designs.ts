import type { EntityDefinition } from '../engine/definitions';
import {
  column,
  deleteAction,
  editAction,
  flagColumn,
  idProperty,
  newAction,
  versionProperty,
} from '../engine/parts';

/** The grid pages themselves, as `odata/GridPagesOData` lists them (menu editor, designer). */
export const gridPageEntity = {
  id: 20,
  name: 'GridPages',
  entityType: 'GridPage',
  // The designer edits columns and buttons beside a live preview, as the engine's form cannot.
  screens: { list: '/admin/grids', detail: '/admin/grids/:id', detailScreen: 'gridPageDesigner' },
  api: { Get: '/api/grids/{id}', Save: '/api/grids', Delete: '/api/grids/{id}' },
  schema: {
    type: 'object',
    required: ['PageTitle'],
    properties: {
      Id: idProperty,
      PageTitle: { type: 'string', title: 'ENTITY.GRID_PAGE.TITLE', minLength: 1, maxLength: 200 },
      DataSourceId: { type: 'integer', title: 'ENTITY.GRID_PAGE.DATA_SOURCE' },
      DataSourceName: { type: 'string', title: 'ENTITY.GRID_PAGE.DATA_SOURCE', readOnly: true },
      PkField: { type: 'string', title: 'ENTITY.GRID_PAGE.PK_FIELD', readOnly: true },
      ListUrl: { type: 'string', readOnly: true },
      IsSystem: { type: 'boolean', title: 'ENTITY.IS_SYSTEM', readOnly: true },
      Version: versionProperty,
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
      column(1, 'PageTitle', 'ENTITY.GRID_PAGE.TITLE', 'string'),
      column(2, 'DataSourceName', 'ENTITY.GRID_PAGE.DATA_SOURCE', 'string'),
      flagColumn(3, 'IsSystem', 'ENTITY.IS_SYSTEM'),
    ],
    Actions: [newAction('ManageGridPages')],
    RowActions: [editAction('ManageGridPages'), deleteAction('ManageGridPages')],
  },
} as const satisfies EntityDefinition;

/** The data sources (user tables and the virtual ones over built-in tables). */
export const dataSourceEntity = {
  id: 21,
  name: 'DataSources',
  entityType: 'DataSource',
  // The designer screen edits the field tree and the form layout; the engine's form could not.
  screens: {
    list: '/admin/dataSources',
    detail: '/admin/dataSources/:id',
    detailScreen: 'dataSourceDesigner',
  },
  api: {
    Get: '/api/dataSources/{id}',
    Save: '/api/dataSources',
    Delete: 'DELETE /api/dataSources/{id}',
  },
  schema: {
    type: 'object',
    required: ['Name', 'PrimaryKeyField'],
    properties: {
      Id: idProperty,
      Name: { type: 'string', title: 'ENTITY.DATA_SOURCE.NAME', minLength: 1, maxLength: 100 },
      IsVirtual: { type: 'boolean', title: 'ENTITY.DATA_SOURCE.IS_VIRTUAL', readOnly: true },
      PrimaryKeyField: {
        type: 'string',
        title: 'ENTITY.DATA_SOURCE.PK_FIELD',
        minLength: 1,
        maxLength: 100,
      },
      IsSystem: { type: 'boolean', title: 'ENTITY.IS_SYSTEM', readOnly: true },
      Version: versionProperty,
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
    // The built-in ones can be looked at but not changed or deleted: out of the way by default.
    DefaultFilter: 'IsVirtual eq false',
    DefaultFilterTitle: 'GRID.USER_TABLES_ONLY',
    Columns: [
      column(1, 'Name', 'ENTITY.DATA_SOURCE.NAME', 'string'),
      flagColumn(2, 'IsVirtual', 'ENTITY.DATA_SOURCE.IS_VIRTUAL'),
      flagColumn(3, 'IsSystem', 'ENTITY.IS_SYSTEM'),
    ],
    Actions: [newAction('ManageDataSources')],
    RowActions: [editAction('ManageDataSources'), deleteAction('ManageDataSources')],
  },
} as const satisfies EntityDefinition;
