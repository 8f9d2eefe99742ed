import { isDeepStrictEqual } from 'node:util';
import type { Kysely } from 'kysely';
import {
  type DataSourcePermissions,
  type DataSourceSave,
  defaultDataSourcePermissions,
  type Snapshot,
  type SnapshotChange,
  snapshotFormat,
  type SnapshotSource,
  type UserFieldSchema,
  type UserTableSchema,
} from '#metadata';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { parsedDataSource, selectDataSources } from '../engine-definitions';
import type { Actor } from '../change-log';
import { createDataSource, updateDataSource } from './data-source-service';
import { checkedDefinition } from './definition';
import { filledColumns } from './table-guards';
import { columnOf } from './names';

type Db = Kysely<Database>;
type Fields = Record<string, UserFieldSchema>;
type Stored = Awaited<ReturnType<typeof storedSources>>[number];

const fieldsOf = (schema: unknown): Fields =>
  ((schema as UserTableSchema | null)?.properties ?? {}) as Fields;

function withoutIds(field: UserFieldSchema): UserFieldSchema {
  const { 'x-field-id': _id, ...rest } = field;
  return rest;
}

function portable(schema: unknown): Record<string, unknown> {
  const table = schema as UserTableSchema;
  const properties = Object.entries(fieldsOf(table)).map(([name, field]) => [
    name,
    withoutIds(field),
  ]);
  return { ...table, properties: Object.fromEntries(properties) };
}

async function storedSources(db: Db) {
  const rows = await selectDataSources(db).orderBy('name').execute();
  return rows.map(parsedDataSource);
}

/** `GET api/dataSources/snapshot`: the user tables (all, or those of `ids`) as a snapshot. */
export async function exportSnapshot(db: Db, ids: readonly number[] | null): Promise<Snapshot> {
  const sources = (await storedSources(db)).filter(
    (row) => !row.isVirtual && (ids === null || ids.includes(row.id)),
  );
  return {
    Format: snapshotFormat,
    Version: 1,
    ExportedAt: new Date().toISOString(),
    DataSources: sources.map((row) => ({
      Name: row.name,
      PrimaryKeyField: row.primaryKeyField,
      SchemaDefinition: portable(row.schemaDefinition),
      FormDefinition: row.formDefinition,
      Permissions: (row.permissions ?? defaultDataSourcePermissions) as DataSourcePermissions,
    })),
  };
}

/** The save of a snapshot's source here: its fields keep this installation's column ids. */
function saveBodyOf(source: SnapshotSource, target: Stored | undefined): DataSourceSave {
  const here = fieldsOf(target?.schemaDefinition);
  const properties = Object.entries(fieldsOf(source.SchemaDefinition)).map(([name, field]) => {
    const id = here[name]?.['x-field-id'];
    const plain = withoutIds(field);
    return [name, id === undefined ? plain : { ...plain, 'x-field-id': id }];
  });
  return {
    Id: target?.id ?? 0,
    Version: target?.version ?? 0,
    Name: source.Name,
    PrimaryKeyField: source.PrimaryKeyField,
    SchemaDefinition: { ...source.SchemaDefinition, properties: Object.fromEntries(properties) },
    FormDefinition: source.FormDefinition,
    Permissions: source.Permissions,
  };
}

function problemsOf(body: DataSourceSave, target: Stored | undefined): string[] {
  if (target?.isVirtual) return ['A built-in data source has this name here.'];
  try {
    checkedDefinition(
      body,
      target
        ? {
            schema: target.schemaDefinition as unknown as UserTableSchema,
            permissions: target.permissions as DataSourcePermissions,
            nextFieldId: target.nextFieldId,
          }
        : null,
      defaultDataSourcePermissions,
    );
    return [];
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const details = error.fieldErrors.map((e) => `${e.Field}: ${e.Message}`);
    return details.length > 0 ? details : [error.message];
  }
}

async function changeOf(
  db: Db,
  source: SnapshotSource,
  target: Stored | undefined,
  body: DataSourceSave,
): Promise<SnapshotChange> {
  const incoming = fieldsOf(source.SchemaDefinition);
  const here = fieldsOf(target?.schemaDefinition);
  const required = (schema: unknown) => new Set((schema as UserTableSchema)?.required ?? []);
  const requiredThere = required(source.SchemaDefinition);
  const requiredHere = required(target?.schemaDefinition);
  const added = Object.keys(incoming).filter((name) => !Object.hasOwn(here, name));
  const removed = target ? Object.keys(here).filter((name) => !Object.hasOwn(incoming, name)) : [];
  const changed = Object.keys(incoming).filter(
    (name) =>
      Object.hasOwn(here, name) &&
      (!isDeepStrictEqual(withoutIds(incoming[name]!), withoutIds(here[name]!)) ||
        requiredThere.has(name) !== requiredHere.has(name)),
  );
  const formChanged = !!target && !isDeepStrictEqual(source.FormDefinition, target.formDefinition);
  const permissionsChanged = !!target && !isDeepStrictEqual(source.Permissions, target.permissions);
  const keyChanged = !!target && source.PrimaryKeyField !== target.primaryKeyField;
  let destructive = false;
  if (target && !target.isVirtual && removed.length > 0) {
    const columns = removed.map((name) => columnOf(here[name]!['x-field-id']!));
    destructive = (await filledColumns(db, target.id, columns)).length > 0;
  }
  const same =
    added.length + removed.length + changed.length === 0 &&
    !formChanged &&
    !permissionsChanged &&
    !keyChanged &&
    target?.name === source.Name;
  return {
    Name: source.Name,
    Action: !target ? 'Create' : same ? 'Unchanged' : 'Update',
    AddedFields: added,
    RemovedFields: removed,
    ChangedFields: keyChanged ? [...changed, `key: ${source.PrimaryKeyField}`] : changed,
    FormChanged: formChanged,
    PermissionsChanged: permissionsChanged,
    Destructive: destructive,
    Problems: problemsOf(body, target),
  };
}

async function planOf(db: Db, snapshot: Snapshot) {
  const stored = await storedSources(db);
  const seen = new Set<string>();
  const plan: { change: SnapshotChange; body: DataSourceSave }[] = [];
  for (const source of snapshot.DataSources) {
    const folded = source.Name.trim().toLowerCase();
    const target = stored.find((row) => row.name.toLowerCase() === folded);
    const body = saveBodyOf(source, target);
    const change = await changeOf(db, source, target, body);
    if (seen.has(folded)) change.Problems.push('The snapshot holds this name twice.');
    seen.add(folded);
    plan.push({ change, body });
  }
  return plan;
}

/** `POST api/dataSources/snapshot/preview`: what importing the snapshot would do here. */
export async function previewSnapshot(db: Db, snapshot: Snapshot): Promise<SnapshotChange[]> {
  return (await planOf(db, snapshot)).map(({ change }) => change);
}

/**
 * `POST api/dataSources/snapshot/import`: applies the snapshot, data source by data source
 * (each one as its designer's save would: metadata and DDL in one transaction). Nothing is
 * applied while any source has problems, nor, unless confirmed, when any would lose data.
 */
export async function importSnapshot(
  db: Db,
  snapshot: Snapshot,
  confirmDataLoss: boolean,
  actor: Actor,
): Promise<SnapshotChange[]> {
  const plan = await planOf(db, snapshot);
  const blocked = plan.filter(({ change }) => change.Problems.length > 0);
  if (blocked.length > 0) {
    throw new AppError(
      'BadRequest',
      `The snapshot cannot be imported: ${blocked.map(({ change }) => `${change.Name}: ${change.Problems[0]}`).join('; ')}.`,
    );
  }
  const losing = plan.filter(({ change }) => change.Destructive);
  if (losing.length > 0 && !confirmDataLoss) {
    throw new AppError(
      'BadRequest',
      `Importing removes fields that hold data in ${losing.map(({ change }) => change.Name).join(', ')}. Confirm to import.`,
      [],
      { flags: { NeedsConfirmation: true } },
    );
  }
  for (const { change, body } of plan) {
    if (change.Action === 'Create') await createDataSource(db, body, actor);
    if (change.Action === 'Update') {
      await updateDataSource(db, { ...body, ConfirmDataLoss: confirmDataLoss }, actor);
    }
  }
  return plan.map(({ change }) => change);
}
