import type { EntityStorage, JsonSchema } from '#metadata';
import { modelFromSchema, type ODataField, type ODataModel } from '#platform/core';
import { storageModel } from '../odata/index';

/**
 * Fields a rule's filter may use beside the entity's own: who created and who last changed a
 * row, by user id, where the engine stamps them (a user table's `CreatedBy` answers a name,
 * which `$CurrentUser` cannot be compared with). A field of the entity's own by that name wins.
 */
const stampFields = { CreatedById: 'createdBy', UpdatedById: 'updatedBy' } as const;
const userId: ODataField = { type: 'integer', nullable: true, sortable: false, filterable: true };

function stampedFields(storage: EntityStorage): [field: string, column: string][] {
  const { stamps } = storage;
  if (!stamps) return [];
  return Object.entries(stampFields)
    .filter(([field]) => !Object.hasOwn(storage.fields, field))
    .map(([field, stamp]) => [field, stamps[stamp]]);
}

/** The storage rule filters are turned into SQL over: the entity's, with the stamp fields. */
export function ruleStorage(storage: EntityStorage): EntityStorage {
  const stamped = stampedFields(storage);
  if (stamped.length === 0) return storage;
  return { ...storage, fields: { ...storage.fields, ...Object.fromEntries(stamped) } };
}

/**
 * What a rule's filter may name: every field of the entity that has storage (hidden or not
 * from the caller: a rule is the designer's, not the caller's), and the stamp fields.
 */
export function ruleModel(entity: { schema: JsonSchema; storage: EntityStorage }): ODataModel {
  const model = storageModel(modelFromSchema(entity.schema), entity.storage);
  const stamped = stampedFields(entity.storage);
  if (stamped.length === 0) return model;
  const extra = Object.fromEntries(stamped.map(([field]) => [field, userId]));
  return { ...model, fields: { ...model.fields, ...extra } };
}

/** The names of the extra fields a rule of this storage may use (for people writing rules). */
export const ruleOnlyFields = (storage: EntityStorage) =>
  stampedFields(storage).map(([field]) => field);
