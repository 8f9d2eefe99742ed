import { builtInEntities, type EntityDefinition } from '#metadata';

const nobody = '!authorized';

function writable(entity: EntityDefinition): boolean {
  return entity.permissions.create !== nobody || entity.permissions.update !== nobody;
}

/** The entity's own field `field` (in any case) that a form may write, if any. */
function writtenField(entity: EntityDefinition, field: string): string | undefined {
  const properties = (entity.schema.properties ?? {}) as Record<string, { readOnly?: unknown }>;
  const lower = field.toLowerCase();
  return Object.keys(properties).find(
    (name) => name.toLowerCase() === lower && properties[name]!.readOnly !== true,
  );
}

/**
 * The built-in entities a unique check of `field` without an `entity` may mean: those a form
 * writes that field of (`Email`: Users alone; `Code`: Units, Materials, Permissions, ...).
 * Only one of them answers the question; several make the caller choose.
 *
 * @example uniqueCheckEntities('email') // ['Users']
 */
export function uniqueCheckEntities(field: string): string[] {
  return builtInEntities
    .filter((entity) => writable(entity) && writtenField(entity, field) !== undefined)
    .map((entity) => entity.name);
}
