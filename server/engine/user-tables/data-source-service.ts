import { type Kysely, sql, type Transaction } from 'kysely';
import {
  type DataSourcePermissions,
  type DataSourceSave,
  type DataSourceView,
  defaultDataSourcePermissions,
  type UserTableSchema,
} from '#metadata';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { findDataSourceById } from '../engine-definitions';
import { type Actor, fieldChanges, recordChange } from '../change-log';
import { isUniqueViolation, staleSave } from '../concurrency';
import { forgetEntities } from '../entity-context';
import { genericApi } from '../system-definitions';
import { refuseContradictions } from '../answered-fields';
import { columnSpecs, keyColumnOf } from './column-specs';
import { alterSteps, createSteps, type DdlStep, type TableShape } from './ddl-plan';
import { checkedDefinition, type UserTableDefinition } from './definition';
import { DdlStepFailed, explainFailure } from './explain-failure';
import { tableOf } from './names';
import { guardTableChange } from './table-guards';
import { uniqueFieldsOf, userTableEntityType, userTableStorage } from './user-table-storage';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

const entityType = 'DataSource';
const alreadyExists = 'There is already user table with specified name.';
const keyFieldOf = (definition: UserTableDefinition) => definition.primaryKey || 'Id';

function shapeOf(id: number, schema: UserTableSchema, primaryKey: string): TableShape {
  const columns = columnSpecs(schema, primaryKey);
  return { dataSourceId: id, columns, keyColumn: keyColumnOf(columns, primaryKey) };
}

async function runSteps(trx: Trx, steps: readonly DdlStep[]): Promise<void> {
  for (const step of steps) {
    try {
      await step.sql.execute(trx.withoutPlugins());
    } catch (error) {
      throw new DdlStepFailed(step, error);
    }
  }
}

async function refuseTakenName(db: Db | Trx, name: string, id: number | null): Promise<void> {
  let query = db
    .selectFrom('dataSources')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (id !== null) query = query.where('id', '<>', id);
  if (await query.executeTakeFirst()) throw nameTaken();
}

const nameTaken = () =>
  new AppError('BadRequest', alreadyExists, [{ Field: 'Name', Message: alreadyExists }], {
    flags: { AlreadyExists: true },
  });

/** The columns of `data_sources` a user table's definition fills. */
function definitionValues(id: number, definition: UserTableDefinition) {
  const primaryKey = keyFieldOf(definition);
  return {
    name: definition.name,
    isVirtual: false,
    isSystem: false,
    primaryKeyField: primaryKey,
    schemaDefinition: JSON.stringify(definition.schema),
    formDefinition: JSON.stringify(definition.form),
    storage: JSON.stringify(userTableStorage(id, definition.schema)),
    permissions: JSON.stringify(definition.permissions),
    entityType: userTableEntityType(id),
    api: JSON.stringify(genericApi(id)),
    uniqueFields: JSON.stringify(uniqueFieldsOf(definition.schema, definition.primaryKey)),
    nextFieldId: definition.nextFieldId,
  };
}

const logged = (definition: UserTableDefinition) => ({
  Name: definition.name,
  PrimaryKeyField: keyFieldOf(definition),
  SchemaDefinition: definition.schema,
  FormDefinition: definition.form,
  Permissions: definition.permissions,
});
const loggedFields = [
  'Name',
  'PrimaryKeyField',
  'SchemaDefinition',
  'FormDefinition',
  'Permissions',
];

/**
 * Runs a data source's change, metadata and DDL, in one transaction: a failure leaves neither
 * half. A DDL step the data refuses is explained from the table as it still is.
 */
/**
 * How long a designer's change may take (a type change rewrites every row) and how long it
 * waits for the table: its lock holds every read of the table meanwhile, so it never queues
 * behind a long query for long.
 */
const ddlTimeout = '5min';
const ddlLockTimeout = '10s';

const errorCode = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';

function unavailable(error: unknown): AppError | null {
  const code = errorCode(error instanceof DdlStepFailed ? error.reason : error);
  if (code === '55P03') {
    return new AppError('ServiceUnavailable', 'The table is in use. Try again in a moment.', [], {
      retryAfterSeconds: 5,
    });
  }
  if (code === '57014') {
    return new AppError(
      'ServiceUnavailable',
      'The change took longer than five minutes and was undone. Try it when the table is less busy.',
    );
  }
  return null;
}

async function inOneTransaction<T>(db: Db, id: () => number, work: (trx: Trx) => Promise<T>) {
  try {
    return await db.transaction().execute(async (trx) => {
      await sql`select set_config('statement_timeout', ${ddlTimeout}, true),
        set_config('lock_timeout', ${ddlLockTimeout}, true)`.execute(trx);
      return work(trx);
    });
  } catch (error) {
    const busy = unavailable(error);
    if (busy) throw busy;
    if (error instanceof DdlStepFailed) throw await explainFailure(db, id(), error);
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  } finally {
    forgetEntities(db);
  }
}

/** `POST api/dataSources`: a new user table, created with its definition. */
export async function createDataSource(
  db: Db,
  body: DataSourceSave,
  actor: Actor,
): Promise<number> {
  if (body.IsVirtual) {
    throw new AppError(
      'BadRequest',
      'A virtual data source is part of the release; only user tables are created here.',
      [{ Field: 'IsVirtual', Message: 'must be false' }],
    );
  }
  refuseContradictions(body, { IsSystem: false });
  const definition = checkedDefinition(body, null, defaultDataSourcePermissions);
  await refuseTakenName(db, definition.name, null);
  let id = 0;
  return inOneTransaction(
    db,
    () => id,
    async (trx) => {
      const next = await sql<{
        id: number;
      }>`select nextval(pg_get_serial_sequence('data_sources', 'id'))::integer as id`.execute(trx);
      id = next.rows[0]!.id;
      await trx
        .insertInto('dataSources')
        .values({ id, ...definitionValues(id, definition) })
        .execute();
      await runSteps(trx, createSteps(shapeOf(id, definition.schema, definition.primaryKey)));
      await recordChange(trx, {
        entityType,
        entityId: id,
        actionType: 0,
        actor,
        changes: fieldChanges(null, logged(definition), loggedFields),
      });
      return id;
    },
  );
}

/** A data source's definition by id, or a 404. */
export async function storedDataSource(db: Db | Trx, id: number) {
  const row = await findDataSourceById(db, id);
  if (!row) throw new AppError('NotFound', 'The data source does not exist.');
  return row;
}

async function storedUserTable(db: Db | Trx, id: number) {
  const row = await storedDataSource(db, id);
  if (row.isSystem || row.isVirtual) {
    throw new AppError(
      'Forbidden',
      'A built-in data source is part of the release and cannot be changed here.',
    );
  }
  return row;
}

/** `PUT api/dataSources`: a user table's new definition, its table altered to match. */
export async function updateDataSource(
  db: Db,
  body: DataSourceSave,
  actor: Actor,
): Promise<number> {
  const id = body.Id ?? 0;
  if (id < 1 || !body.Version) {
    throw new AppError('BadRequest', 'Id and Version are required to change a data source.', [
      { Field: id < 1 ? 'Id' : 'Version', Message: 'is required' },
    ]);
  }
  await inOneTransaction(
    db,
    () => id,
    async (trx) => {
      const row = await storedUserTable(trx, id);
      refuseContradictions(body, { IsSystem: row.isSystem });
      const storedSchema = row.schemaDefinition as unknown as UserTableSchema;
      const definition = checkedDefinition(
        body,
        {
          schema: storedSchema,
          permissions: row.permissions as DataSourcePermissions,
          nextFieldId: row.nextFieldId,
        },
        defaultDataSourcePermissions,
      );
      await refuseTakenName(trx, definition.name, id);
      const updated = await trx
        .updateTable('dataSources')
        .set((eb) => ({ ...definitionValues(id, definition), version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', body.Version!)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw staleSave('data source');
      const before = shapeOf(id, storedSchema, row.primaryKeyField);
      const after = shapeOf(id, definition.schema, keyFieldOf(definition));
      await guardTableChange(trx, before, after, body.ConfirmDataLoss === true);
      await runSteps(trx, alterSteps(before, after));
      const previous = {
        Name: row.name,
        PrimaryKeyField: row.primaryKeyField,
        SchemaDefinition: storedSchema,
        FormDefinition: row.formDefinition,
        Permissions: row.permissions,
      };
      const changes = fieldChanges(previous, logged(definition), loggedFields);
      if (changes.length > 0) {
        await recordChange(trx, { entityType, entityId: id, actionType: 1, actor, changes });
      }
    },
  );
  return id;
}

/**
 * `DELETE api/dataSources/{id}`: a user table and its rows, refused for a built-in one and for
 * one that grid pages draw (the message names them).
 */
export async function deleteDataSource(db: Db, id: number, actor: Actor): Promise<void> {
  await inOneTransaction(
    db,
    () => id,
    async (trx) => {
      const row = await storedUserTable(trx, id);
      const pages = await trx
        .selectFrom('gridPages')
        .select('pageTitle')
        .where('dataSourceId', '=', id)
        .orderBy('pageTitle')
        .execute();
      if (pages.length > 0) {
        const titles = pages.map((page) => `'${page.pageTitle}'`).join(', ');
        throw new AppError(
          'BadRequest',
          `${row.name} cannot be deleted while grid pages use it: ${titles}.`,
        );
      }
      await trx.deleteFrom('dataSources').where('id', '=', id).execute();
      await sql`drop table ${sql.table(tableOf(id))}`.execute(trx);
      await recordChange(trx, {
        entityType,
        entityId: id,
        actionType: 2,
        actor,
        changes: fieldChanges({ Name: row.name, SchemaDefinition: row.schemaDefinition }, null, [
          'Name',
          'SchemaDefinition',
        ]),
      });
    },
  );
}

const blankView = (): DataSourceView => ({
  Id: 0,
  Name: '',
  IsVirtual: false,
  PrimaryKeyField: 'Id',
  SchemaDefinition: { type: 'object', properties: {} },
  FormDefinition: null,
  Permissions: { ...defaultDataSourcePermissions },
  IsSystem: false,
  RowCount: 0,
  GridPages: [],
  Version: 0,
});

/** `GET api/dataSources/{id}`: a data source as the designer edits it (0: a new one). */
export async function readDataSource(db: Db, id: number): Promise<DataSourceView> {
  if (id <= 0) return blankView();
  const row = await storedDataSource(db, id);
  const pages = await db
    .selectFrom('gridPages')
    .select(['id', 'pageTitle'])
    .where('dataSourceId', '=', id)
    .orderBy('pageTitle')
    .execute();
  let rowCount: number | null = null;
  if (!row.isVirtual) {
    const counted = await sql<{ n: number }>`select count(*)::integer as n
      from ${sql.table(tableOf(id))}`.execute(db);
    rowCount = counted.rows[0]?.n ?? 0;
  }
  return {
    Id: row.id,
    Name: row.name,
    IsVirtual: row.isVirtual,
    PrimaryKeyField: row.primaryKeyField,
    SchemaDefinition: row.schemaDefinition,
    FormDefinition: row.formDefinition,
    Permissions: (row.permissions ?? defaultDataSourcePermissions) as DataSourcePermissions,
    IsSystem: row.isSystem,
    RowCount: rowCount,
    GridPages: pages.map((page) => ({ Id: page.id, PageTitle: page.pageTitle })),
    Version: row.version,
  };
}
