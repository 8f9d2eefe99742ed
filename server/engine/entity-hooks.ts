import type { Kysely, Transaction } from 'kysely';
import { builtInEntities, firstUserDefinitionId, type GridPage } from '#metadata';
import type { Database } from '../db/schema';
import { AppError } from '../errors/app-error';
import type { BaseWhere } from './odata/index';
import type { EntityCaller } from './caller';
import type { CollectionChanges } from './collection-writes';
import type { EngineEntity } from './entity-context';
import { userTableHooks } from './user-tables/user-table-hooks';

type Row = Record<string, unknown>;

/** A save under way, as the hooks see it, inside the save's transaction. */
export interface WriteContext {
  trx: Transaction<Database>;
  entity: EngineEntity;
  caller: EntityCaller;
  /** The row as stored before the save (within the caller's scope); undefined for a new row. */
  existing: Row | undefined;
  /** The values about to be written, by field; a hook may change them. */
  values: Row;
  /**
   * Values a hook computes for stored fields that no payload writes (read-only ones: a
   * delivery's state); written and change-logged with the others.
   */
  computed: Row;
  /** The payload as posted, for fields the engine does not store itself (a password). */
  payload: Readonly<Row>;
  /**
   * What the save does to the row's checkbox-list collections (members, roles...); a hook may
   * change it (drop a list the installation does not use, add the creator's groups).
   */
  collections: CollectionChanges;
  /** The write-only fields this save sets (a new password), already sealed. */
  sealed: ReadonlySet<string>;
  /** The rows the caller may read (null: all): what a refusal may tell them about. */
  readable: BaseWhere | null;
}

/** A unique check (`api/check/IsUnique{field}`) as an entity's hooks are asked it. */
export interface UniqueCheck {
  db: Kysely<Database>;
  caller: EntityCaller;
  field: string;
  value: unknown;
  exceptId: number | null;
  /** The rows the caller may read (null: all). */
  readable: BaseWhere | null;
}

/** A unique check's answer; `Message` says why a value is not free, as a save would. */
export interface UniqueAnswer {
  isUnique: boolean;
  Message?: string;
}

export interface SavedContext extends WriteContext {
  /** The row as written. */
  saved: Row;
}

export interface DeleteContext {
  trx: Transaction<Database>;
  entity: EngineEntity;
  caller: EntityCaller;
  existing: Row;
}

/** What a `reach` hook works from: the database, every entity's hooks and the caller. */
export interface ReachContext {
  db: Kysely<Database>;
  registry: EntityHookRegistry;
  caller: EntityCaller;
}

/** What a `reach` hook found: the rows the caller reaches and how each row is answered. */
export interface Reach {
  /** The rows this caller may reach (null: all), in place of `rowScope`. */
  rowScope: BaseWhere | null;
  /** Shapes each answered row after `decorate` (leaves out what the caller may not see). */
  shape?(row: Row): Row;
}

/** Fields a caller may not see at all, and fields they may see but not write. */
export interface FieldRules {
  hidden?: readonly string[];
  readOnly?: readonly string[];
}

/**
 * What is special about one entity, applied by the engine on every path that reaches it:
 * lists, counts, value lists, unique checks, single reads, writes, deletes and exports.
 *
 * @example
 * registry.register('Users', {
 *   rowScope: (caller) => usersInScope(userScopeOf(caller.user!)),
 *   beforeWrite: async ({ trx, caller, existing }) => { if (existing) await assertMayManage(...) },
 * });
 */
export interface EntityHooks {
  /** The rows this caller may reach (null: all); rows outside it are answered as absent. */
  rowScope?(caller: EntityCaller): BaseWhere | null;
  fieldRules?(caller: EntityCaller): FieldRules;
  /**
   * The rows this caller may reach when they depend on what the database holds (the change
   * log: an entry follows the row it tells about, under that row's own rules). Worked out once
   * per access by `reachedAccess` (the routes' `accessById` and `accessByName`); its answer
   * takes the place of `rowScope`, which should then reach no row, so that an access made
   * without it shows nothing.
   */
  reach?(context: ReachContext): Promise<Reach>;
  /**
   * Why the installation does not use the entity now (a setting turned its feature off), or
   * null while it does: every route reaching it (see `reachedAccess`) answers 404 with this
   * message and changes nothing, and the menu and the routes list close its screens. Its rows
   * stay, and come back when the setting does.
   */
  notInUse?(db: Kysely<Database>): Promise<string | null>;
  /**
   * Answers a unique check of a field whose values are unique beyond the rows the caller
   * reaches (a user's address, across the installation), so that the check says what a save
   * would; undefined leaves the field to the engine's check within the caller's rows.
   */
  checkUnique?(check: UniqueCheck): Promise<UniqueAnswer | undefined>;
  /** Tidies posted values before they are validated (trims, upper-cases codes). */
  prepareValues?(values: Row): void;
  /**
   * Turns a posted write-only field (see the storage's `secrets`) into what is stored, before
   * the save's transaction opens (a slow hash must not hold a connection); throws an AppError
   * naming the field to refuse the value. An empty value keeps the stored one and is not asked.
   */
  sealSecret?(field: string, value: unknown): Promise<unknown>;
  /** Throws an AppError to refuse the save; may change `values`. */
  beforeWrite?(context: WriteContext): Promise<void>;
  /** Runs after the row is written and still inside the transaction (sessions, dependants). */
  afterWrite?(context: SavedContext): Promise<void>;
  /** Throws an AppError to refuse the delete. */
  beforeDelete?(context: DeleteContext): Promise<void>;
  /** Shapes each answered row (a computed text, a date as ISO). */
  decorate?(row: Row, caller: EntityCaller): Row;
  /** Shapes the entity's grid pages as the installation's settings have them. */
  shapePage?(page: GridPage, db: Kysely<Database>): Promise<GridPage>;
  /**
   * Who may download the rows as a file (a grid page's export), beyond reading them; absent,
   * whoever reads them (deliveries: ExportDeliveries, as their own export asks).
   */
  exportPermission?: string;
  /** When set, the engine refuses every create and update with this message. */
  refuseWrites?: string;
  /** When set, the engine refuses every delete with this message. */
  refuseDeletes?: string;
}

/**
 * The hooks of every entity, registered by the modules' manifests. A built-in entity (id below
 * 1000) that no module registered is not served: its rules could not be applied. User tables
 * (ids from 1000) get the engine's own (`userTableHooks`).
 */
export class EntityHookRegistry {
  private readonly byName = new Map<string, EntityHooks>();

  register(name: string, hooks: EntityHooks): this {
    const key = name.toLowerCase();
    if (this.byName.has(key)) throw new Error(`Entity hooks for ${name} are registered twice`);
    this.byName.set(key, hooks);
    return this;
  }

  has(name: string): boolean {
    return this.byName.has(name.toLowerCase());
  }

  /** The built-in entities the installation does not use now (see `notInUse`): id -> why. */
  async notInUse(db: Kysely<Database>): Promise<Map<number, string>> {
    const closed = new Map<number, string>();
    for (const entity of builtInEntities) {
      const why = await this.byName.get(entity.name.toLowerCase())?.notInUse?.(db);
      if (why) closed.set(entity.id, why);
    }
    return closed;
  }

  of(entity: EngineEntity): EntityHooks {
    // A user table gets the user tables' hooks, never those of a name a module registered.
    if (entity.id >= firstUserDefinitionId) return userTableHooks(entity);
    const hooks = this.byName.get(entity.name.toLowerCase());
    if (hooks) return hooks;
    throw new AppError('NotFound', `There is no data source named '${entity.name}'.`);
  }
}
