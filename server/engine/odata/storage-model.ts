import type { EntityStorage } from '#metadata';
import type { ODataCollection, ODataField, ODataModel } from '#platform/core';

function closed(field: ODataField): ODataField {
  return { ...field, sortable: false, filterable: false };
}

function mapFields(
  fields: Readonly<Record<string, ODataField>>,
  stored: (name: string) => boolean,
): Record<string, ODataField> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [name, stored(name) ? field : closed(field)]),
  );
}

/**
 * The model as far as the storage can answer it: a field or a collection's item field
 * without storage can still be selected but neither sorted nor filtered, and a collection
 * without storage cannot be ranged over by any/all.
 *
 * @example parseODataQuery(request.query, storageModel(modelFromSchema(schema), storage))
 */
export function storageModel(model: ODataModel, storage: EntityStorage): ODataModel {
  const fields = mapFields(model.fields, (name) => Object.hasOwn(storage.fields, name));
  const collections: Record<string, ODataCollection> = {};
  for (const [name, collection] of Object.entries(model.collections)) {
    const stored = Object.hasOwn(storage.collections ?? {}, name) && storage.collections![name];
    collections[name] = stored
      ? {
          ...collection,
          fields: mapFields(collection.fields, (item) => Object.hasOwn(stored.columns, item)),
        }
      : { fields: mapFields(collection.fields, () => false), filterable: false };
  }
  return { fields, collections };
}
