import type { EntityHooks } from '../../engine/entity-hooks';

/** What is special about deliveries, applied by the engine on every path. (To be written.) */
export const deliveryHooks: EntityHooks = {};
