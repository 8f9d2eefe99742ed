import type { EntityHooks } from '../../engine/entity-hooks';

const designerOnly = 'Grid pages and data sources are changed through their designers.';

/**
 * Grid pages and data sources: listed by the engine, changed only through the designers' own
 * calls, which keep the definitions and the tables they describe in step.
 */
export const designHooks: EntityHooks = {
  refuseWrites: designerOnly,
  refuseDeletes: designerOnly,
};
