import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { definitionRaceMessage, isDefinitionRace } from '../db/definition-race';
import { AppError, type FieldError } from '../errors/app-error';
import { fieldSql } from './odata/field-sql';
import type { AnyDb } from './odata/index';
import { isUniqueViolation, staleSave } from './concurrency';
import { changedOnly, fieldChanges, recordChange } from './change-log';
import {
  collectionChanges,
  collectionLogValues,
  collectionsHeld,
  writeCollections,
} from './collection-writes';
import { childLogValues, readChildren, writableChildFields, writeChildren } from './child-rows';
import { entityRowsWritten, writeTransaction } from './count-cache';
import { assertMay, type EntityAccess, scopeOf, shaped, writeScopeOf } from './entity-access';
import { computedFields, type EngineEntity, writableFields } from './entity-context';
import type { UniqueAnswer } from './entity-hooks';
import { validateValues } from './validation';

type Db = Kysely<Database> | Transaction<Database>;
type Row = Record<string, unknown>;

/** Engine SQL names columns and aliases exactly; the camel-case plugin must not rename them. */
const raw = (db: Db) => db.withoutPlugins();
/** The same, for queries over a table named by metadata, which no static type describes. */
const dynamic = (db: Db): AnyDb => db.withoutPlugins();

const notFound = (entity: EngineEntity) =>
  new AppError('NotFound', `The ${entity.entityType.toLowerCase()} does not exist.`);

/** The stored row by key within the caller's scope, every stored field by name; or undefined. */
async function readStored(db: Db, access: EntityAccess, id: number | string) {
  const { storage } = access.entity;
  let query = dynamic(db)
    .selectFrom(storage.table)
    .select(Object.keys(storage.fields).map((field) => fieldSql(storage, field).as(field)))
    .where(sql.ref(`${storage.table}.${storage.key}`), '=', id);
  const scope = scopeOf(access);
  if (scope) query = query.where(scope);
  return (await query.executeTakeFirst()) as Row | undefined;
}

const mayNotChange = () => new AppError('Forbidden', 'You may not change this row.');

/**
 * Refuses unless the row (by key, as the transaction sees it) is among those the caller's row
 * rules let them change; no statement when no write rule binds them.
 */
async function assertWritable(db: Db, access: EntityAccess, id: number | string) {
  const scope = writeScopeOf(access);
  if (!scope) return;
  const { storage } = access.entity;
  const found = await dynamic(db)
    .selectFrom(storage.table)
    .select(sql`1`.as('one'))
    .where(sql.ref(`${storage.table}.${storage.key}`), '=', id)
    .where(scope)
    .executeTakeFirst();
  if (!found) throw mayNotChange();
}

/** One row by key as the caller may see it; undefined when absent or out of their reach. */
export async function readEntity<T extends object = Row>(
  db: Db,
  access: EntityAccess,
  id: number | string,
): Promise<T | undefined> {
  assertMay(access, 'read');
  const row = await readStored(db, access, id);
  if (!row) return undefined;
  return shaped<T>(access, { ...row, ...(await readChildren(db, access.entity, Number(id))) });
}

const emptyOfType: Record<string, unknown> = {
  string: '',
  boolean: false,
  integer: 0,
  number: 0,
  array: [],
};

/**
 * A new row as the form starts it: key 0, the schema's defaults, every other field of one type
 * empty (version 0, no children, no members, ...). A field that may be null is left out, and
 * so is a field only a hook computes on save (a delivery's state): a new row has none yet.
 */
export function blankEntity<T extends object = Row>(access: EntityAccess): T {
  assertMay(access, 'read');
  const { entity } = access;
  const row: Row = {};
  const computed = new Set(computedFields(entity).map(([field]) => field));
  const props = (entity.schema.properties ?? {}) as Record<
    string,
    { default?: unknown; type?: unknown }
  >;
  for (const [field, schema] of Object.entries(props)) {
    if (schema.default !== undefined) row[field] = schema.default;
    else if (computed.has(field)) continue;
    else if (typeof schema.type === 'string' && schema.type in emptyOfType) {
      row[field] = structuredClone(emptyOfType[schema.type]);
    }
  }
  row[entity.primaryKeyField] = 0;
  return row as T;
}

/** A key that asks for a new row's template rather than a stored row: 0 (or below). */
export const isNewRowKey = (id: number) => id <= 0;

/**
 * What every get-by-id adapter answers: the blank entity (its schema's defaults) for a key of 0
 * or below, as the screens' "New" asks for it; else the row as the caller may see it, and a
 * 404 when it is absent or out of their reach.
 */
export async function readEntityOrBlank<T extends object = Row>(
  db: Db,
  access: EntityAccess,
  id: number,
): Promise<T> {
  if (isNewRowKey(id)) return blankEntity<T>(access);
  const row = await readEntity<T>(db, access, id);
  if (!row) throw notFound(access.entity);
  return row;
}

/** The largest key and version a row has (PostgreSQL `integer`). */
const maxInteger = 2_147_483_647;
const isRowInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= maxInteger;

function keyOf(entity: EngineEntity, payload: Row): number | null {
  const value = payload[entity.primaryKeyField];
  if (value === undefined || value === null || value === 0 || value === '0') return null;
  if (!isRowInteger(value)) {
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
  for (const field of entity.unique) {
    const value = values[field];
    if (typeof value !== 'string' && !(entity.exactUnique && typeof value === 'number')) continue;
    if (await valueTaken(db, entity, field, value, id, null)) errors.push(takenError(field));
  }
  return errors;
}

/** The spec's message of a taken unique value (DuplicatePK for a key field). */
const takenError = (field: string): FieldError => ({
  Field: field,
  Message: `There is already an item with this ${field}.`,
});

function refuseTaken(entity: EngineEntity, errors: FieldError[]): never {
  if (!entity.exactUnique) refuse(errors);
  const duplicateKey = errors.some((error) => error.Field === entity.naturalKey);
  throw new AppError(
    'BadRequest',
    errors.map((error) => error.Message).join(' '),
    errors,
    duplicateKey ? { flags: { DuplicatePK: true } } : {},
  );
}

async function valueTaken(
  db: Db,
  entity: EngineEntity,
  field: string,
  value: unknown,
  exceptId: number | null,
  scope: ReturnType<typeof scopeOf>,
): Promise<boolean> {
  const { storage } = entity;
  if (!Object.hasOwn(storage.fields, field)) {
    throw new AppError('BadRequest', `${entity.name} has no field '${field.slice(0, 40)}'.`, [
      { Field: 'field', Message: 'is not a field of this data source' },
    ]);
  }
  const stored = fieldSql(storage, field);
  const comparison =
    typeof value === 'string' && !entity.exactUnique
      ? sql<boolean>`lower(cast(${stored} as text)) = lower(${value})`
      : sql<boolean>`${stored} = ${value as number}`;
  let query = dynamic(db)
    .selectFrom(storage.table)
    .select(sql`1`.as('one'))
    .where(comparison)
    .limit(1);
  if (exceptId !== null)
    query = query.where(sql.ref(`${storage.table}.${storage.key}`), '<>', exceptId);
  if (scope) query = query.where(scope);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Whether no other row (than `exceptId`) that the caller can reach holds `value` in `field`,
 * ignoring case. Rows outside the caller's scope are not looked at, so the answer tells
 * nothing about them (a save still meets the database's own unique constraints).
 */
export async function isUniqueValue(
  db: Db,
  access: EntityAccess,
  field: string,
  value: unknown,
  exceptId: number | null,
): Promise<boolean> {
  assertMay(access, 'read');
  return !(await valueTaken(db, access.entity, field, value, exceptId, scopeOf(access)));
}

/**
 * A unique check's answer: the entity's own for the field (EntityHooks.checkUnique), so that
 * the check says what a save would; else whether no other row the caller reaches holds it.
 */
export async function uniqueAnswer(
  db: Kysely<Database>,
  access: EntityAccess,
  field: string,
  value: unknown,
  exceptId: number | null,
): Promise<UniqueAnswer> {
  assertMay(access, 'read');
  const { caller } = access;
  const readable = scopeOf(access);
  const own = await access.hooks.checkUnique?.({ db, caller, field, value, exceptId, readable });
  return own ?? { isUnique: await isUniqueValue(db, access, field, value, exceptId) };
}

function refuse(errors: FieldError[]): never {
  throw new AppError(
    'BadRequest',
    `${errors.map((e) => `${e.Field} ${e.Message}`).join('; ')}.`,
    errors,
  );
}

/**
 * A database constraint refused the write: answered as the field it names (a unique value
 * taken meanwhile, a required value missing), never as a server fault.
 */
function refuseConstraint(
  entity: EngineEntity,
  writable: [string, string][],
  error: unknown,
): never {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : null;
  const { column, constraint } = (error ?? {}) as { column?: unknown; constraint?: unknown };
  // PostgreSQL names the column of a missing value, and the constraint of a taken one
  // (`users_email_lower_idx`: the table, then the column).
  const named = String(constraint ?? '')
    .replace(`${entity.storage.table}_`, '')
    .replace(entity.exactUnique ? /^t\d+_/ : `${entity.storage.table}_`, '');
  const field =
    writable.find(([, name]) => name === column)?.[0] ??
    writable.find(([, name]) => named.startsWith(`${name}_`))?.[0];
  if (isUniqueViolation(error)) {
    if (entity.exactUnique) {
      const taken = field ?? (named.startsWith('pkey') ? entity.naturalKey : undefined);
      refuseTaken(entity, [takenError(taken ?? entity.unique[0] ?? entity.primaryKeyField)]);
    }
    refuse([
      { Field: field ?? entity.unique[0] ?? entity.primaryKeyField, Message: 'is already taken' },
    ]);
  }
  const at = field ?? entity.primaryKeyField;
  if (code === '23502') refuse([{ Field: field ?? String(column ?? ''), Message: 'is required' }]);
  if (code === '22003' || code === '22001') refuse([{ Field: at, Message: 'is too large' }]);
  if (code === '23514' || code === '23503') {
    refuse([{ Field: at, Message: 'is not an allowed value' }]);
  }
  // The definition changed under this instance (a designer dropped a column a moment ago).
  if (isDefinitionRace(error)) throw new AppError('Conflict', definitionRaceMessage);
  // Any other value the database cannot take (a date it does not know, a number it cannot
  // read): the request's fault, not the server's.
  if (/^22/.test(String(code)))
    refuse([{ Field: at, Message: 'is not a value the database can store' }]);
  throw error;
}

const asSent = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

const outOfReach = () =>
  new AppError('Forbidden', 'You cannot save a row outside the rows you may manage.');

/**
 * Creates (key absent or 0) or updates a row from a payload: only writable fields are taken,
 * the merged row is validated against the entity's schema, the entity's hooks check and
 * complete it, unique fields are checked, an update must carry the Version it read (a stale
 * one is 409 and changes nothing), the row must be one the caller's row rules let them change
 * before (a 403) and after the write (a 403, and nothing is written), the saved row must still
 * be within the caller's scope, and a change-log entry with the field-level changes is written
 * in the same transaction.
 */
export async function saveEntity<T extends object = Row>(
  db: Kysely<Database> | Transaction<Database>,
  access: EntityAccess,
  payload: Row,
): Promise<T> {
  const { entity, hooks, caller } = access;
  const id = keyOf(entity, payload);
  assertMay(access, id === null ? 'create' : 'update');
  if (hooks.refuseWrites) throw new AppError('Forbidden', hooks.refuseWrites);
  const writable = writableFields(entity);
  const children = writableChildFields(entity).filter((field) => payload[field] !== undefined);
  const fields = [...writable.map(([field]) => field), ...children];
  const version = payload.Version;
  if (id !== null && !isRowInteger(version)) {
    refuse([{ Field: 'Version', Message: 'is required to save an existing row' }]);
  }

  const secrets = await sealSecrets(access, payload);

  const saved = await inTransaction(db, async (trx) => {
    const stored = id === null ? undefined : await readStored(trx, access, id);
    if (id !== null && !stored) throw notFound(entity);
    if (id !== null) await assertWritable(trx, access, id);
    const existing = stored && { ...stored, ...(await readChildren(trx, entity, id!)) };
    const values: Row = {};
    for (const field of fields) {
      if (field in payload) values[field] = payload[field];
      // A kept value is checked as the payload would have sent it: a time as its ISO text.
      else if (existing) values[field] = asSent(existing[field]);
    }
    hooks.prepareValues?.(values);
    const schemaKey = `${entity.id}:${entity.version}:${fields.join(',')}`;
    const invalid = validateValues(schemaKey, entity.schema, fields, values);
    if (invalid.length > 0) refuse(invalid);
    const collections = await collectionChanges(trx, entity, payload, id);
    const sealed = new Set(secrets.map(([field]) => field));
    const computed: Row = {};
    const context = {
      trx,
      entity,
      caller,
      existing,
      values,
      computed,
      payload,
      collections,
      sealed,
      readable: scopeOf(access),
    };
    await hooks.beforeWrite?.(context);
    // A user table's constraints are exact, like its check: the write itself answers a taken
    // value (as the same 400), one statement fewer per save.
    if (!entity.exactUnique) {
      const taken = await uniqueErrors(trx, entity, values, id);
      if (taken.length > 0) refuseTaken(entity, taken);
    }

    const computedColumns = computedFields(entity).filter(([field]) => field in computed);
    const columns = [
      ...writable,
      ...computedColumns,
      ...secrets.map(([field, column]) => [field, column] as [string, string]),
    ];
    const toStore = {
      ...values,
      ...computed,
      ...Object.fromEntries(secrets.map(([field, , value]) => [field, value])),
    };
    const key = await write(
      trx,
      entity,
      columns,
      toStore,
      id,
      version as number,
      caller.actor.id,
    ).catch((error: unknown) => refuseConstraint(entity, writable, error));
    if (key === undefined) throw staleSave(entity.entityType.toLowerCase());
    await writeCollections(trx, entity, collections, key);
    await writeChildren(trx, entity, values, key);
    entityRowsWritten();
    const row = await readStored(trx, access, key);
    if (!row) throw access.rules.read ? mayNotChange() : outOfReach();
    await assertWritable(trx, access, key);
    const written = { ...row, ...(await readChildren(trx, entity, key)) };
    await hooks.afterWrite?.({ ...context, saved: written });
    const lists = await collectionLogValues(trx, entity, collections);
    const before = existing
      ? { ...existing, ...childLogValues(entity, existing), ...lists.before }
      : null;
    const after = { ...written, ...childLogValues(entity, written), ...lists.after };
    const changes = [
      ...fieldChanges(before, after, [...fields, ...computedColumns.map(([field]) => field)]),
      ...[...sealed].map(changedOnly),
      ...fieldChanges(before, after, Object.keys(lists.after)),
    ];
    if (existing && changes.length === 0) return written;
    await recordChange(trx, {
      entityType: entity.entityType,
      entityId: String(key),
      actionType: existing ? 1 : 0,
      actor: caller.actor,
      changes,
    });
    return written;
  });
  return shaped<T>(access, saved);
}

/**
 * The write-only fields the payload sets, as their hook seals them (before any transaction):
 * `[field, column, stored value]`. An empty value keeps the stored one.
 */
async function sealSecrets(access: EntityAccess, payload: Row) {
  const { entity, hooks } = access;
  const sealed: [string, string, unknown][] = [];
  for (const [field, column] of Object.entries(entity.storage.secrets ?? {})) {
    const value = payload[field];
    if (value === undefined || value === null || value === '') continue;
    if (!hooks.sealSecret) throw new Error(`${entity.name}.${field} has no sealSecret hook`);
    sealed.push([field, column, await hooks.sealSecret(field, value)]);
  }
  return sealed;
}

/**
 * Runs `work` in the given transaction, or in a new one: a caller that saves several rows all
 * or none (AmendSelected) passes its own.
 */
function inTransaction<T>(
  db: Kysely<Database> | Transaction<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return work(db as Transaction<Database>);
  return writeTransaction(db, work);
}

/** A value as its column takes it: a JSON column's as JSON text. */
function param(storage: EngineEntity['storage'], column: string, value: unknown) {
  if (value === undefined || value === null) return sql`null`;
  return storage.jsonColumns?.includes(column)
    ? sql`cast(${JSON.stringify(value)} as jsonb)`
    : sql`${value}`;
}

/** Writes the values; answers the row's key, or undefined when the version was stale. */
async function write(
  trx: Db,
  entity: EngineEntity,
  writable: [string, string][],
  values: Row,
  id: number | null,
  version: number,
  actorId: number | null,
): Promise<number | undefined> {
  const { storage } = entity;
  const versionColumn = sql.ref(storage.versionColumn);
  const key = sql.ref(storage.key);
  const { stamps } = storage;
  if (id === null) {
    // Fields the payload leaves out take the column's default.
    const given = writable.filter(([field]) => values[field] !== undefined);
    const names = given.map(([, column]) => sql.ref(column));
    const params = given.map(([field, column]) => param(storage, column, values[field]));
    if (stamps) {
      names.push(sql.ref(stamps.createdBy), sql.ref(stamps.updatedBy));
      params.push(sql`${actorId}`, sql`${actorId}`);
    }
    const columns =
      names.length > 0
        ? sql`(${sql.join(names)}) values (${sql.join(params)})`
        : sql`default values`;
    const result = await sql<{ k: number }>`insert into ${sql.table(storage.table)}
      ${columns} returning ${key} as k`.execute(raw(trx));
    return result.rows[0]?.k;
  }
  const assignments = writable.map(
    ([field, column]) => sql`${sql.ref(column)} = ${param(storage, column, values[field])}`,
  );
  if (stamps) {
    assignments.push(
      sql`${sql.ref(stamps.updatedAt)} = now()`,
      sql`${sql.ref(stamps.updatedBy)} = ${actorId}`,
    );
  }
  const result = await sql<{ k: number }>`update ${sql.table(storage.table)}
    set ${sql.join([...assignments, sql`${versionColumn} = ${versionColumn} + 1`])}
    where ${key} = ${id} and ${versionColumn} = ${version}
    returning ${key} as k`.execute(raw(trx));
  return result.rows[0]?.k;
}

/**
 * Deletes a row the caller may reach, that their row rules let them change (else 403) and that
 * is still at `version`, after the entity's hooks allowed it, with a change-log entry of what
 * it held.
 */
export async function deleteEntity(
  db: Kysely<Database>,
  access: EntityAccess,
  id: number,
  version: number | undefined,
): Promise<void> {
  const { entity, hooks, caller } = access;
  assertMay(access, 'delete');
  if (hooks.refuseDeletes) throw new AppError('Forbidden', hooks.refuseDeletes);
  await writeTransaction(db, async (trx) => {
    const stored = await readStored(trx, access, id);
    if (!stored) throw notFound(entity);
    await assertWritable(trx, access, id);
    const existing = { ...stored, ...(await readChildren(trx, entity, id)) };
    await hooks.beforeDelete?.({ trx, entity, caller, existing });
    const { before: lists } = await collectionLogValues(
      trx,
      entity,
      await collectionsHeld(trx, entity, id),
    );
    const versionColumn = sql.ref(entity.storage.versionColumn);
    const stillAt = version === undefined ? sql`true` : sql`${versionColumn} = ${version}`;
    const result = await sql`delete from ${sql.table(entity.storage.table)}
      where ${sql.ref(entity.storage.key)} = ${id} and ${stillAt}`.execute(raw(trx));
    if (Number(result.numAffectedRows ?? 0) === 0) throw staleSave(entity.entityType.toLowerCase());
    entityRowsWritten();
    const fields = [
      ...writableFields(entity).map(([field]) => field),
      ...writableChildFields(entity),
      ...Object.keys(lists),
    ];
    await recordChange(trx, {
      entityType: entity.entityType,
      entityId: String(id),
      actionType: 2,
      actor: caller.actor,
      changes: fieldChanges(
        { ...existing, ...childLogValues(entity, existing), ...lists },
        null,
        fields,
      ),
    });
  });
}
