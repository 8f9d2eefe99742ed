import { type Kysely, sql, type Transaction } from 'kysely';
import { hasPermission, type PermissionSubject } from '#platform/core';
import type { Database } from '../../db/schema';
import { AppError, type FieldError } from '../../errors/app-error';
import { isUniqueViolation, staleSave } from '../people/concurrency';
import { type Actor, fieldChanges, recordChange } from './change-log';
import { columnFields, type EngineEntity, writableFields } from './entity-context';
import { validateValues } from './validation';

type Db = Kysely<Database> | Transaction<Database>;
type Row = Record<string, unknown>;

/** Engine SQL names columns and aliases exactly; the camel-case plugin must not rename them. */
const raw = (db: Db) => db.withoutPlugins();

/** The user behind a call: what they may do, and how the change log names them. */
export interface EntityCaller {
  subject: PermissionSubject;
  actor: Actor;
}

export type EntityAction = keyof EngineEntity['permissions'];

export function assertMay(entity: EngineEntity, action: EntityAction, caller: EntityCaller): void {
  if (hasPermission(entity.permissions[action], caller.subject)) return;
  throw caller.subject.authenticated
    ? new AppError('Forbidden', 'You do not have permission to do that.')
    : new AppError('Unauthorized', 'Please sign in to continue.');
}

function table(entity: EngineEntity) {
  return sql.table(entity.storage.table);
}

function selection(entity: EngineEntity) {
  return sql.join(
    columnFields(entity).map(([field, column]) => sql`${sql.ref(column)} as ${sql.ref(field)}`),
  );
}

/** One row by key, with the fields stored in its table's columns; undefined when absent. */
export async function readEntity<T extends object = Row>(
  db: Db,
  entity: EngineEntity,
  id: number | string,
): Promise<T | undefined> {
  const result = await sql<T>`select ${selection(entity)} from ${table(entity)}
    where ${sql.ref(entity.storage.key)} = ${id}`.execute(raw(db));
  return result.rows[0];
}

const emptyOfType: Record<string, unknown> = {
  string: '',
  boolean: false,
  integer: 0,
  number: 0,
  array: [],
};

/** A new row as the form starts it: key 0, the schema's defaults, required fields empty. */
export function blankEntity<T extends object = Row>(entity: EngineEntity): T {
  const row: Row = { [entity.primaryKeyField]: 0 };
  const props = (entity.schema.properties ?? {}) as Record<
    string,
    { default?: unknown; type?: unknown }
  >;
  const required = (entity.schema.required ?? []) as string[];
  for (const [field, schema] of Object.entries(props)) {
    if (schema.default !== undefined) row[field] = schema.default;
    else if (required.includes(field) && typeof schema.type === 'string') {
      row[field] = emptyOfType[schema.type];
    }
  }
  return row as T;
}

/** Rules an entity adds to a save, e.g. a refusal with a message of its own. */
export interface SaveRules {
  /** Throws an AppError to refuse the save; runs inside the save's transaction. */
  check?(db: Db, values: Row, existing: Row | undefined): Promise<void>;
}

function keyOf(entity: EngineEntity, payload: Row): number | null {
  const value = payload[entity.primaryKeyField];
  if (value === undefined || value === null || value === 0 || value === '0') return null;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new AppError('BadRequest', `${entity.primaryKeyField} must be a positive whole number.`, [
      { Field: entity.primaryKeyField, Message: 'must be a positive whole number' },
    ]);
  }
  return value;
}

async function uniqueErrors(
  db: Db,
  entity: EngineEntity,
  values: Row,
  id: number | null,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const columns = new Map(columnFields(entity));
  for (const field of entity.unique) {
    const column = columns.get(field);
    const value = values[field];
    if (!column || typeof value !== 'string') continue;
    if (!(await isUniqueValue(db, entity, field, value, id))) {
      errors.push({ Field: field, Message: `There is already an item with this ${field}.` });
    }
  }
  return errors;
}

/** Whether no other row (than `exceptId`) holds `value` in `field`, ignoring case. */
export async function isUniqueValue(
  db: Db,
  entity: EngineEntity,
  field: string,
  value: unknown,
  exceptId: number | null,
): Promise<boolean> {
  const column = new Map(columnFields(entity)).get(field);
  if (!column) throw new AppError('BadRequest', `${entity.name} has no field '${field}'.`);
  const comparison =
    typeof value === 'string'
      ? sql`lower(${sql.ref(column)}::text) = lower(${value})`
      : sql`${sql.ref(column)} = ${value as number}`;
  const other = exceptId === null ? sql`true` : sql`${sql.ref(entity.storage.key)} <> ${exceptId}`;
  const result =
    await sql`select 1 from ${table(entity)} where ${comparison} and ${other} limit 1`.execute(
      raw(db),
    );
  return result.rows.length === 0;
}

function refuse(errors: FieldError[]): never {
  throw new AppError(
    'BadRequest',
    `${errors.map((e) => `${e.Field} ${e.Message}`).join('; ')}.`,
    errors,
  );
}

/**
 * Creates (key absent or 0) or updates a row from a payload: only writable fields are taken,
 * the merged row is validated against the entity's schema, unique fields are checked, an
 * update must carry the Version it read (a stale one is 409 and changes nothing), and a
 * change-log entry with the field-level changes is written in the same transaction.
 */
export async function saveEntity<T extends object = Row>(
  db: Kysely<Database>,
  entity: EngineEntity,
  payload: Row,
  caller: EntityCaller,
  rules: SaveRules = {},
): Promise<T> {
  const id = keyOf(entity, payload);
  assertMay(entity, id === null ? 'create' : 'update', caller);
  const writable = writableFields(entity);
  const fields = writable.map(([field]) => field);
  const version = payload.Version;
  if (id !== null && (typeof version !== 'number' || !Number.isSafeInteger(version))) {
    refuse([{ Field: 'Version', Message: 'is required to save an existing row' }]);
  }

  const saved = await db.transaction().execute(async (trx) => {
    const existing = id === null ? undefined : await readEntity<Row>(trx, entity, id);
    if (id !== null && !existing) {
      throw new AppError('NotFound', `The ${entity.entityType.toLowerCase()} does not exist.`);
    }
    const values: Row = {};
    for (const field of fields) {
      if (field in payload) values[field] = payload[field];
      else if (existing) values[field] = existing[field];
    }
    const invalid = validateValues(`${entity.id}:${entity.version}`, entity.schema, fields, values);
    if (invalid.length > 0) refuse(invalid);
    await rules.check?.(trx, values, existing);
    const taken = await uniqueErrors(trx, entity, values, id);
    if (taken.length > 0) refuse(taken);

    const saved = await write(trx, entity, writable, values, id, version as number).catch(
      (error: unknown) => {
        if (isUniqueViolation(error)) {
          refuse([
            { Field: entity.unique[0] ?? entity.primaryKeyField, Message: 'is already taken' },
          ]);
        }
        throw error;
      },
    );
    if (!saved) throw staleSave(entity.entityType.toLowerCase());
    const changes = fieldChanges(existing ?? null, saved, fields);
    if (existing && changes.length === 0) return saved;
    await recordChange(trx, {
      entityType: entity.entityType,
      entityId: String(saved[entity.primaryKeyField]),
      actionType: existing ? 1 : 0,
      actor: caller.actor,
      changes,
    });
    return saved;
  });
  return saved as T;
}

async function write(
  trx: Db,
  entity: EngineEntity,
  writable: [string, string][],
  values: Row,
  id: number | null,
  version: number,
): Promise<Row | undefined> {
  const versionColumn = sql.ref(entity.storage.versionColumn);
  const returning = selection(entity);
  if (id === null) {
    const columns = sql.join(writable.map(([, column]) => sql.ref(column)));
    const params = sql.join(writable.map(([field]) => sql`${values[field] ?? null}`));
    const result = await sql<Row>`insert into ${table(entity)} (${columns}) values (${params})
      returning ${returning}`.execute(raw(trx));
    return result.rows[0];
  }
  const assignments = sql.join(
    writable.map(([field, column]) => sql`${sql.ref(column)} = ${values[field] ?? null}`),
  );
  const result = await sql<Row>`update ${table(entity)}
    set ${assignments}, ${versionColumn} = ${versionColumn} + 1
    where ${sql.ref(entity.storage.key)} = ${id} and ${versionColumn} = ${version}
    returning ${returning}`.execute(raw(trx));
  return result.rows[0];
}

/** Deletes a row that is still at `version`, with a change-log entry of what it held. */
export async function deleteEntity(
  db: Kysely<Database>,
  entity: EngineEntity,
  id: number,
  version: number | undefined,
  caller: EntityCaller,
): Promise<void> {
  assertMay(entity, 'delete', caller);
  await db.transaction().execute(async (trx) => {
    const existing = await readEntity<Row>(trx, entity, id);
    if (!existing)
      throw new AppError('NotFound', `The ${entity.entityType.toLowerCase()} does not exist.`);
    const versionColumn = sql.ref(entity.storage.versionColumn);
    const stillAt = version === undefined ? sql`true` : sql`${versionColumn} = ${version}`;
    const result = await sql`delete from ${table(entity)}
      where ${sql.ref(entity.storage.key)} = ${id} and ${stillAt}`.execute(raw(trx));
    if (Number(result.numAffectedRows ?? 0) === 0) throw staleSave(entity.entityType.toLowerCase());
    const fields = writableFields(entity).map(([field]) => field);
    await recordChange(trx, {
      entityType: entity.entityType,
      entityId: String(id),
      actionType: 2,
      actor: caller.actor,
      changes: fieldChanges(existing, null, fields),
    });
  });
}
