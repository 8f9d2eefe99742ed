import { type Kysely, sql } from 'kysely';
import type { EntityStorage, JsonSchema } from '#metadata';
import { hasPermission } from '#platform/core';
import type { Database } from '../db/schema';
import { AppError } from '../errors/app-error';
import type { BaseWhere } from './odata/index';
import { callerRules, type RowScopes } from './access-rules/caller-rules';
import type { EntityCaller } from './caller';
import { storageBoundTo } from './caller-links';
import { type EngineEntity, writableFields } from './entity-context';
import type { EntityHookRegistry, EntityHooks, FieldRules } from './entity-hooks';

/**
 * One caller's view of one entity: its fields as their field rules leave them, its hooks, and
 * the rows the data source's row rules let them read and write.
 */
export interface EntityAccess {
  entity: EngineEntity;
  hooks: EntityHooks;
  caller: EntityCaller;
  /** What the access rules (see AccessRules) leave the caller: use scopeOf and writeScopeOf. */
  rules: RowScopes;
  /**
   * The storage of every field, those hidden from the caller too, `Mine` bound to them: what a
   * call's own restriction (ListDefaults.where) is built over, never what is answered.
   */
  rowStorage: EntityStorage;
}

export type EntityAction = keyof EngineEntity['permissions'];

function without<T>(record: Readonly<Record<string, T>>, hidden: ReadonlySet<string>) {
  return Object.fromEntries(Object.entries(record).filter(([name]) => !hidden.has(name)));
}

/**
 * Views of an entity already made, by the field rules that made them: callers under the same
 * rules reach the same schema object, so what is derived from it once (the OData model, see
 * entityModel) is not derived again on every request. Weak: a reloaded definition lets its
 * views go.
 */
const views = new WeakMap<EngineEntity, Map<string, EngineEntity>>();

function viewOf(entity: EngineEntity, key: string, make: () => EngineEntity): EngineEntity {
  let made = views.get(entity);
  if (!made) views.set(entity, (made = new Map()));
  let view = made.get(key);
  if (!view) made.set(key, (view = make()));
  return view;
}

/** The entity without the hidden fields, and with the read-only ones marked so. */
function restrict(entity: EngineEntity, rules: FieldRules): EngineEntity {
  const hidden = rules.hidden ?? [];
  const readOnly = rules.readOnly ?? [];
  if (hidden.length === 0 && readOnly.length === 0) return entity;
  const key = JSON.stringify([hidden, readOnly]);
  return viewOf(entity, key, () => restricted(entity, new Set(hidden), new Set(readOnly)));
}

function restricted(
  entity: EngineEntity,
  hidden: ReadonlySet<string>,
  readOnly: ReadonlySet<string>,
): EngineEntity {
  const properties = without(
    (entity.schema.properties ?? {}) as Record<string, JsonSchema>,
    hidden,
  );
  for (const field of readOnly) {
    if (properties[field]) properties[field] = { ...properties[field], readOnly: true };
  }
  const required = ((entity.schema.required ?? []) as string[]).filter(
    (field) => !hidden.has(field) && !readOnly.has(field),
  );
  return {
    ...entity,
    schema: { ...entity.schema, properties, required },
    storage: {
      ...entity.storage,
      fields: without(entity.storage.fields, hidden),
      ...(entity.storage.collections
        ? { collections: without(entity.storage.collections, hidden) }
        : {}),
      ...(entity.storage.children ? { children: without(entity.storage.children, hidden) } : {}),
      ...(entity.storage.secrets ? { secrets: without(entity.storage.secrets, hidden) } : {}),
    },
    unique: entity.unique.filter((field) => !hidden.has(field)),
  };
}

/** Both sets of field rules: a field hidden or read-only by either is so. */
function joined(first: FieldRules, second: FieldRules): FieldRules {
  const union = (a: readonly string[] = [], b: readonly string[] = []) =>
    b.length === 0 ? a : a.length === 0 ? b : [...new Set([...a, ...b])];
  const hidden = union(first.hidden, second.hidden);
  const readOnly = union(first.readOnly, second.readOnly);
  return {
    ...(hidden.length > 0 ? { hidden } : {}),
    ...(readOnly.length > 0 ? { readOnly } : {}),
  };
}

/**
 * The entity as `caller` may use it, with its registered hooks and its access rules (the
 * hooks' field rules and the data source's, joined; the rows its row rules allow, see scopeOf);
 * an entity no module serves is answered as absent. Every engine call goes through this.
 *
 * @example const access = accessFor(app.entityHooks, await entityById(db, id), caller);
 */
export function accessFor(
  registry: EntityHookRegistry,
  entity: EngineEntity,
  caller: EntityCaller,
): EntityAccess {
  const hooks = registry.of(entity);
  const rules = callerRules(entity, caller);
  const restricted = restrict(entity, joined(hooks.fieldRules?.(caller) ?? {}, rules.fields));
  return {
    entity: boundToCaller(restricted, caller),
    hooks,
    caller,
    rules: rules.rows,
    rowStorage: storageBoundTo(entity.storage, caller.user?.id ?? null),
  };
}

/**
 * `accessFor`, with the hooks' `reach` worked out (see EntityHooks.reach), refused (404) while
 * the installation does not use the entity (EntityHooks.notInUse): what every route reaching an
 * entity's rows uses.
 *
 * @example const access = await reachedAccess(app.db, app.entityHooks, entity, caller);
 */
export async function reachedAccess(
  db: Kysely<Database>,
  registry: EntityHookRegistry,
  entity: EngineEntity,
  caller: EntityCaller,
): Promise<EntityAccess> {
  const access = accessFor(registry, entity, caller);
  const { hooks } = access;
  const notInUse = await hooks.notInUse?.(db);
  if (notInUse) throw new AppError('NotFound', notInUse);
  if (!hooks.reach) return access;
  const { rowScope, shape } = await hooks.reach({ db, registry, caller });
  const { decorate } = hooks;
  const reached: EntityHooks = {
    ...hooks,
    rowScope: () => rowScope,
    ...(shape
      ? { decorate: (row, rowCaller) => shape(decorate ? decorate(row, rowCaller) : row) }
      : {}),
  };
  return { ...access, hooks: reached };
}

/** The entity with its caller-linked fields (`Mine`) bound to the calling user. */
function boundToCaller(entity: EngineEntity, caller: EntityCaller): EngineEntity {
  const storage = storageBoundTo(entity.storage, caller.user?.id ?? null);
  return storage === entity.storage ? entity : { ...entity, storage };
}

/** Refuses the action unless the caller holds the entity's permission for it. */
export function assertMay(access: EntityAccess, action: EntityAction): void {
  const { entity, caller } = access;
  if (hasPermission(entity.permissions[action], caller.subject)) return;
  throw caller.subject.authenticated
    ? new AppError('Forbidden', 'You do not have permission to do that.')
    : new AppError('Unauthorized', 'Please sign in to continue.');
}

/** Rows that meet both restrictions (either may be absent: null is every row). */
export function bothScopes(
  first: BaseWhere | null | undefined,
  second: BaseWhere | null | undefined,
): BaseWhere | null {
  if (!first || !second) return first ?? second ?? null;
  return (eb) => eb.and([first(eb), second(eb)]);
}

/**
 * The rows the caller reaches (null: all): the hooks' row scope and the read filters of the
 * data source's row rules; a row outside it is absent. Call after `assertMay`.
 */
export function scopeOf(access: EntityAccess): BaseWhere | null {
  return bothScopes(access.hooks.rowScope?.(access.caller) ?? null, access.rules.read);
}

/**
 * The rows the caller may change, among those they reach (null: all they reach): the write
 * filters of the row rules. A save checks the row before and after, a delete before.
 */
export function writeScopeOf(access: EntityAccess): BaseWhere | null {
  return access.rules.write;
}

/** The fields the caller may see of the entity (the others are hidden by field rules). */
export function visibleFields(access: EntityAccess): ReadonlySet<string> {
  return new Set(Object.keys((access.entity.schema.properties ?? {}) as object));
}

/** A row as the caller is answered it. */
export function shaped<T extends object>(access: EntityAccess, row: Record<string, unknown>): T {
  const decorate = access.hooks.decorate;
  return (decorate ? decorate(row, access.caller) : row) as T;
}

/**
 * The same access with another read permission, for a spec call that opens a list wider than
 * the entity's own screens (every signed-in user picks units); row scope and hooks still apply.
 */
export function withReadPermission(access: EntityAccess, expression: string): EntityAccess {
  const permissions = { ...access.entity.permissions, read: expression };
  return { ...access, entity: { ...access.entity, permissions } };
}

/**
 * The caller's own row, as a self-service screen (a profile) reaches it: any signed-in caller
 * reads and updates that one row and, of it, only `fields`; the entity's hooks still apply.
 *
 * @example const own = ownRowAccess(await accessById(request, userEntity.id), ['FirstName']);
 */
export function ownRowAccess(access: EntityAccess, fields: readonly string[]): EntityAccess {
  const { entity, hooks, caller } = access;
  const me = caller.user?.id;
  const readOnly = [
    ...writableFields(entity).map(([field]) => field),
    ...Object.keys(entity.storage.collections ?? {}),
    ...Object.keys(entity.storage.children ?? {}),
  ].filter((field) => !fields.includes(field));
  const hidden = Object.keys(entity.storage.secrets ?? {}).filter((f) => !fields.includes(f));
  const own = restrict(entity, { readOnly, hidden });
  const key = sql.ref(`${entity.storage.table}.${entity.storage.key}`);
  return {
    entity: {
      ...own,
      permissions: { read: 'authorized', update: 'authorized', create: '', delete: '' },
    },
    hooks: {
      ...hooks,
      rowScope: () => (eb) => (me === undefined ? eb.lit(false) : eb(key, '=', me)),
    },
    caller,
    rules: access.rules,
    rowStorage: access.rowStorage,
  };
}
