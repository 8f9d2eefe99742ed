import type { Kysely, Transaction } from 'kysely';
import {
  accessRulesSchema,
  type EntityPermissions,
  type EntityStorage,
  entityStorageSchema,
  type JsonSchema,
  type UserTableSchema,
} from '#metadata';
import type { Database } from '../db/schema';
import { AppError } from '../errors/app-error';
import type { StoredAccessRules } from './access-rules/parsed-rules';
import { userRowSchema } from './user-tables/user-table-storage';
import { compiledSchema } from './validation';
import {
  type DataSourceRow,
  findAllDataSources,
  findDataSourceById,
  findDataSourceByName,
} from './engine-definitions';

type Db = Kysely<Database> | Transaction<Database>;

/** A data source the engine can list, read, validate, save and audit. */
export interface EngineEntity {
  id: number;
  name: string;
  entityType: string;
  primaryKeyField: string;
  schema: JsonSchema;
  storage: EntityStorage;
  permissions: EntityPermissions;
  unique: readonly string[];
  version: number;
  /** Its row and field rules per role (see AccessRules); null: none. */
  accessRules: StoredAccessRules | null;
  /** A user table: values are unique as typed (not ignoring case), like its constraints. */
  exactUnique?: boolean;
  /**
   * A user table's key field, when a field of its own (its rows' URLs use the system Id): a
   * taken value is the spec's DuplicatePK.
   */
  naturalKey?: string;
}

const ajvText = (validate: ReturnType<typeof compiledSchema>) =>
  (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`).join('; ');

function toEntity(row: DataSourceRow | undefined, what: string): EngineEntity {
  if (!row || !row.storage || !row.permissions) {
    throw new AppError('NotFound', `There is no data source ${what}.`);
  }
  // The engine builds SQL from the names the storage holds: never from one it has not checked.
  const validStorage = compiledSchema(entityStorageSchema);
  if (!validStorage(row.storage)) {
    throw new Error(`The storage of data source ${row.id} is not valid: ${ajvText(validStorage)}`);
  }
  // Written only by a checked save; a damaged value must not open the rows it guarded.
  const validRules = compiledSchema(accessRulesSchema);
  if (row.accessRules !== null && !validRules(row.accessRules)) {
    throw new Error(
      `The access rules of data source ${row.id} are not valid: ${ajvText(validRules)}`,
    );
  }
  const entity = {
    id: row.id,
    name: row.name,
    entityType: row.entityType ?? row.name,
    primaryKeyField: row.primaryKeyField,
    schema: row.schemaDefinition,
    storage: row.storage as EntityStorage,
    permissions: row.permissions as EntityPermissions,
    unique: row.uniqueFields,
    version: row.version,
    accessRules: row.accessRules as StoredAccessRules | null,
  };
  if (row.isVirtual) return entity;
  // A user table: its rows are keyed by the system Id; the designer's schema is wrapped in
  // the system fields.
  const schema = row.schemaDefinition as unknown as UserTableSchema;
  return {
    ...entity,
    primaryKeyField: 'Id',
    schema: userRowSchema(schema),
    exactUnique: true,
    ...(row.primaryKeyField ? { naturalKey: row.primaryKeyField } : {}),
  };
}

/**
 * Definitions change only when a release starts or a designer saves, so each instance keeps
 * them for a few seconds rather than reading them on every list call; a local change
 * forgets them at once (`forgetEntities`).
 */
const cacheMs = 10_000;
const cached = new WeakMap<object, Map<string, { at: number; entity: EngineEntity }>>();

async function remembered(
  db: Db,
  key: string,
  load: () => Promise<EngineEntity>,
): Promise<EngineEntity> {
  let entries = cached.get(db);
  if (!entries) cached.set(db, (entries = new Map()));
  const hit = entries.get(key);
  if (hit && Date.now() - hit.at < cacheMs) return hit.entity;
  const entity = await load();
  entries.set(key, { at: Date.now(), entity });
  return entity;
}

/** Drops the remembered definitions (after a data source or grid page changed). */
export function forgetEntities(db: Db): void {
  cached.delete(db);
  everyCached.delete(db);
}

/** Every data source: the entities the engine can serve, and the entity types of them all. */
export interface EveryEntity {
  entities: readonly EngineEntity[];
  /** Those of data sources the engine cannot serve too (no storage, a damaged definition). */
  entityTypes: readonly string[];
}

const everyCached = new WeakMap<object, { at: number; every: EveryEntity }>();

/**
 * Every data source, remembered as one is (see `remembered`): for what spans them all (the
 * change log, whose entries tell about rows of any of them). A definition the engine cannot
 * serve is left out of `entities`, never a failure of the whole.
 */
export async function everyEntity(db: Db): Promise<EveryEntity> {
  const hit = everyCached.get(db);
  if (hit && Date.now() - hit.at < cacheMs) return hit.every;
  const rows = await findAllDataSources(db);
  const entities = rows.flatMap((row) => {
    try {
      return [toEntity(row, `with id ${row.id}`)];
    } catch {
      return [];
    }
  });
  const every = { entities, entityTypes: rows.map((row) => row.entityType ?? row.name) };
  everyCached.set(db, { at: Date.now(), every });
  return every;
}

/** The entity behind a data source name (case-insensitive), or a 404 naming it. */
export async function entityByName(db: Db, name: string): Promise<EngineEntity> {
  return remembered(db, `name:${name.toLowerCase()}`, async () =>
    toEntity(await findDataSourceByName(db, name), `named '${name}'`),
  );
}

export async function entityById(db: Db, id: number): Promise<EngineEntity> {
  return remembered(db, `id:${id}`, async () =>
    toEntity(await findDataSourceById(db, id), `with id ${id}`),
  );
}

/** Fields stored in a plain column of the entity's table (computed ones are read-only). */
export function columnFields(entity: EngineEntity): [field: string, column: string][] {
  return Object.entries(entity.storage.fields).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
}

function properties(entity: EngineEntity): Record<string, JsonSchema> {
  return (entity.schema.properties ?? {}) as Record<string, JsonSchema>;
}

/** Fields a payload may write: stored in a column, not read-only, not the key or version. */
export function writableFields(entity: EngineEntity): [field: string, column: string][] {
  const props = properties(entity);
  return columnFields(entity).filter(
    ([field, column]) =>
      field !== entity.primaryKeyField &&
      column !== entity.storage.versionColumn &&
      props[field] !== undefined &&
      props[field].readOnly !== true,
  );
}

/**
 * Fields stored in a column that no payload writes (read-only, not the key or version): only a
 * hook's `computed` values reach them (a delivery's state, from the model).
 */
export function computedFields(entity: EngineEntity): [field: string, column: string][] {
  const writable = new Set(writableFields(entity).map(([field]) => field));
  return columnFields(entity).filter(
    ([field, column]) =>
      !writable.has(field) &&
      field !== entity.primaryKeyField &&
      column !== entity.storage.versionColumn,
  );
}
