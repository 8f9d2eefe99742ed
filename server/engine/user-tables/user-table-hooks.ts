import type { EngineEntity } from '../entity-context';
import type { EntityHooks } from '../entity-hooks';

const none: EntityHooks = {};

/**
 * The hooks of a user table (they have no module of their own): none yet beyond what the
 * engine does for every entity. A user table never gets a built-in entity's hooks, whatever
 * its name.
 */
export function userTableHooks(_entity: EngineEntity): EntityHooks {
  return none;
}
