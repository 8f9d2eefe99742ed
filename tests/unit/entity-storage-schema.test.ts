import { describe, expect, it } from 'vitest';
import { builtInEntities, entityStorageSchema } from '#metadata';
import { userTableStorage } from '../../server/engine/user-tables/user-table-storage';
import { compiledSchema } from '../../server/engine/validation';

describe('the JSON Schema of an entity’s storage', () => {
  const valid = compiledSchema(entityStorageSchema);

  it.each(builtInEntities.map((entity) => [entity.name, entity] as const))(
    'accepts the storage of %s',
    (_name, entity) => {
      expect(valid(structuredClone(entity.storage)), JSON.stringify(valid.errors)).toBe(true);
    },
  );

  it('accepts a user table’s storage', () => {
    const storage = userTableStorage(1000, {
      type: 'object',
      properties: {
        Notes: { type: 'string', 'x-field-id': 1 },
        Tags: { type: 'array', 'x-field-id': 2 },
      },
    });
    expect(valid(storage)).toBe(true);
  });

  it('refuses a name that is not a plain identifier', () => {
    const storage = {
      table: 'users; drop table users',
      key: 'id',
      versionColumn: 'version',
      fields: {},
    };
    expect(valid(storage)).toBe(false);
    expect(valid({ ...storage, table: 'users', fields: { Name: 'name"' } })).toBe(false);
  });
});
