import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database, DataSourcesTable, GridPagesTable } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export type DataSourceRow = Selectable<DataSourcesTable>;
export type GridPageRow = Selectable<GridPagesTable> & { dataSourceName: string };

const jsonColumns = [
  'schemaDefinition',
  'formDefinition',
  'storage',
  'permissions',
  'api',
  'uniqueFields',
  'accessRules',
] as const;

/**
 * Data sources with their definitions as stored: the JSON columns are read as text and parsed
 * here, so the camel-case plugin never renames a key inside them (a field named `Site_code`
 * stays `Site_code`).
 */
export function selectDataSources(db: Db) {
  return db
    .selectFrom('dataSources')
    .select(['id', 'name', 'isVirtual', 'primaryKeyField', 'isSystem', 'entityType', 'version'])
    .select('nextFieldId')
    .select(jsonColumns.map((column) => sql<string | null>`${sql.ref(column)}::text`.as(column)));
}

type StoredText = Awaited<ReturnType<ReturnType<typeof selectDataSources>['executeTakeFirst']>>;

/** A row of `selectDataSources` with its definitions parsed. */
export function parsedDataSource(row: NonNullable<StoredText>): DataSourceRow {
  const parse = (text: string | null) => (text === null ? null : (JSON.parse(text) as unknown));
  return {
    ...row,
    schemaDefinition: parse(row.schemaDefinition) as DataSourceRow['schemaDefinition'],
    formDefinition: parse(row.formDefinition) as DataSourceRow['formDefinition'],
    storage: parse(row.storage),
    permissions: parse(row.permissions),
    api: parse(row.api),
    uniqueFields: (parse(row.uniqueFields) ?? []) as string[],
    accessRules: parse(row.accessRules),
  };
}

export async function findDataSourceById(db: Db, id: number): Promise<DataSourceRow | undefined> {
  const row = await selectDataSources(db).where('id', '=', id).executeTakeFirst();
  return row && parsedDataSource(row);
}

export async function findDataSourceByName(
  db: Db,
  name: string,
): Promise<DataSourceRow | undefined> {
  const row = await selectDataSources(db)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
  return row && parsedDataSource(row);
}

/** Every data source, in the order of their ids. */
export async function findAllDataSources(db: Db): Promise<DataSourceRow[]> {
  const rows = await selectDataSources(db).orderBy('id').execute();
  return rows.map(parsedDataSource);
}

function selectGridPages(db: Db) {
  return db
    .selectFrom('gridPages')
    .innerJoin('dataSources', 'dataSources.id', 'gridPages.dataSourceId')
    .selectAll('gridPages')
    .select('dataSources.name as dataSourceName');
}

export function findGridPageById(db: Db, id: number): Promise<GridPageRow | undefined> {
  return selectGridPages(db).where('gridPages.id', '=', id).executeTakeFirst();
}

export interface SystemDataSource {
  id: number;
  name: string;
  primaryKeyField: string;
  schemaDefinition: unknown;
  formDefinition: unknown;
  storage: unknown;
  permissions: unknown;
  entityType: string;
  api: unknown;
  uniqueFields: readonly string[];
}

/** A system data source is the release's: it is written as the release says, every start. */
export async function upsertSystemDataSource(db: Db, source: SystemDataSource): Promise<void> {
  const values = {
    name: source.name,
    isVirtual: true,
    primaryKeyField: source.primaryKeyField,
    schemaDefinition: JSON.stringify(source.schemaDefinition),
    formDefinition: JSON.stringify(source.formDefinition),
    isSystem: true,
    storage: JSON.stringify(source.storage),
    permissions: JSON.stringify(source.permissions),
    entityType: source.entityType,
    api: JSON.stringify(source.api),
    uniqueFields: JSON.stringify(source.uniqueFields),
  };
  const current = await findDataSourceById(db, source.id);
  if (!current) {
    await db
      .insertInto('dataSources')
      .values({ id: source.id, ...values })
      .execute();
    return;
  }
  const same =
    current.name === values.name &&
    current.primaryKeyField === values.primaryKeyField &&
    JSON.stringify(current.schemaDefinition) === JSON.stringify(source.schemaDefinition) &&
    JSON.stringify(current.formDefinition) === JSON.stringify(source.formDefinition) &&
    JSON.stringify(current.storage) === JSON.stringify(source.storage) &&
    JSON.stringify(current.permissions) === JSON.stringify(source.permissions) &&
    current.entityType === values.entityType &&
    JSON.stringify(current.api) === JSON.stringify(source.api) &&
    JSON.stringify(current.uniqueFields) === JSON.stringify(source.uniqueFields);
  if (same) return;
  await db
    .updateTable('dataSources')
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('id', '=', source.id)
    .execute();
}

export interface GridPageValues {
  pageTitle: string;
  dataSourceId: number;
  pkField: string;
  columns: unknown[];
  actions: unknown[];
  rowActions: unknown[];
  pageSize: number;
  defaultSort: unknown[];
  defaultFilter: string | null;
  defaultFilterTitle: string | null;
  /** Column fields of each row's card on a narrow frame ([]: none). */
  cardFields: string[];
  listUrl: string;
  detailUrl: string | null;
  /** Who may see the page ('' : whoever may read its data source). */
  permission: string;
}

function gridPageColumns(values: GridPageValues) {
  return {
    pageTitle: values.pageTitle,
    dataSourceId: values.dataSourceId,
    pkField: values.pkField,
    columns: JSON.stringify(values.columns),
    actions: JSON.stringify(values.actions),
    rowActions: JSON.stringify(values.rowActions),
    pageSize: values.pageSize,
    defaultSort: JSON.stringify(values.defaultSort),
    defaultFilter: values.defaultFilter,
    defaultFilterTitle: values.defaultFilterTitle,
    cardFields: JSON.stringify(values.cardFields),
    listUrl: values.listUrl,
    detailUrl: values.detailUrl,
    permission: values.permission,
  };
}

export async function insertSystemGridPage(
  db: Db,
  id: number,
  values: GridPageValues,
  systemDefinition: unknown,
): Promise<void> {
  await db
    .insertInto('gridPages')
    .values({
      id,
      ...gridPageColumns(values),
      isSystem: true,
      systemDefinition: JSON.stringify(systemDefinition),
    })
    .execute();
}

export async function updateSystemGridPage(
  db: Db,
  id: number,
  values: GridPageValues,
  systemDefinition: unknown,
): Promise<void> {
  await db
    .updateTable('gridPages')
    .set((eb) => ({
      ...gridPageColumns(values),
      systemDefinition: JSON.stringify(systemDefinition),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .execute();
}
