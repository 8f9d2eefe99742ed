import type { Kysely } from 'kysely';
import type { ColumnType, DataSourceFields, JsonSchema, UserTableSchema } from '#metadata';
import { columnTypeOf, fieldTypeOf } from '#platform/core';
import type { Database } from '../../db/schema';
import { storedDataSource } from './data-source-service';
import { userRowSchema } from './user-table-storage';

const systemFields = new Set(['Id', 'CreatedAt', 'CreatedBy', 'UpdatedAt', 'UpdatedBy', 'Version']);

/** The grid column type of a built-in entity's field, from its JSON Schema. */
function columnTypeOfSchema(schema: JsonSchema): ColumnType | null {
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
    (t) => t !== 'null',
  );
  const [type] = types;
  if (types.length !== 1) return null;
  if (type === 'string') {
    if (schema.format === 'date') return 'date';
    if (schema.format === 'date-time') return 'datetime';
    return 'string';
  }
  if (type === 'integer' || type === 'number' || type === 'boolean') return type;
  if (type === 'array') return 'list';
  return null;
}

/**
 * `GET api/dataSources/{id}/fields`: the fields a grid page of the data source may show: a user
 * table's own (with their designer type) and its system fields, or a built-in entity's.
 */
export async function dataSourceFields(
  db: Kysely<Database>,
  id: number,
): Promise<DataSourceFields> {
  const row = await storedDataSource(db, id);
  const own = row.isVirtual ? null : (row.schemaDefinition as unknown as UserTableSchema);
  const schema = own ? userRowSchema(own) : row.schemaDefinition;
  const required = new Set((schema.required ?? []) as string[]);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(properties).map(([name, property]) => {
    const designed = own?.properties[name];
    const type = designed ? fieldTypeOf(designed) : null;
    return {
      Name: name,
      Title: typeof property.title === 'string' ? property.title : name,
      Type: type,
      ColumnType: type ? columnTypeOf(type) : columnTypeOfSchema(property),
      IsPrimaryKey: name === row.primaryKeyField,
      IsSystem: own ? systemFields.has(name) : property.readOnly === true,
      Required: required.has(name),
    };
  });
}
