import {
  type ControlNode,
  type DataSourcePermissions,
  dataSourceNamePattern,
  type DataSourceSave,
  maxUserFields,
  type UserFieldSchema,
  userFormDefinitionSchema,
  type UserTableSchema,
  userTableSchemaSchema,
} from '#metadata';
import {
  controlProblems,
  type DesignField,
  fieldTreeOf,
  fieldTreeProblems,
  isKeyType,
  schemaOfFieldTree,
} from '#platform/core';
import { AppError, type FieldError } from '../../errors/app-error';
import { toFieldErrors } from '../../errors/field-errors';
import { compiledSchema } from '../validation';

/** A data source's definition as checked and completed for a save. */
export interface UserTableDefinition {
  name: string;
  schema: UserTableSchema;
  /** The key field, '' for the system Id. */
  primaryKey: string;
  form: { 'ui:controls': ControlNode[] } | null;
  permissions: DataSourcePermissions;
  /** The id the next new field takes. */
  nextFieldId: number;
}

/** What a save of an existing data source starts from. */
export interface StoredDefinition {
  schema: UserTableSchema;
  permissions: DataSourcePermissions;
  nextFieldId: number;
}

function refuse(errors: FieldError[]): never {
  const first = errors[0]!;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  throw new AppError('BadRequest', `${first.Field}: ${first.Message}${more}.`, errors);
}

function checkShape(schema: object, value: unknown, prefix: string): void {
  const validate = compiledSchema(schema);
  if (validate(value)) return;
  refuse(
    toFieldErrors(validate.errors ?? []).map((error) => ({
      Field: `${prefix}${error.Field ? `/${error.Field}` : ''}`,
      Message: error.Message,
    })),
  );
}

const namePattern = new RegExp(dataSourceNamePattern, 'u');

/** The default of a field must be a value the field itself accepts. */
function defaultProblems(fields: Record<string, UserFieldSchema>, parent: string): FieldError[] {
  const errors: FieldError[] = [];
  for (const [name, field] of Object.entries(fields)) {
    const path = parent ? `${parent}.${name}` : name;
    if (field.default !== undefined) {
      const { default: value, ...rules } = field;
      const validate = compiledSchema(rules);
      if (!validate(value)) {
        const reason = toFieldErrors(validate.errors ?? [])[0]?.Message ?? 'is not accepted';
        errors.push({ Field: `SchemaDefinition/${path}`, Message: `its default ${reason}` });
      }
    }
    const nested = field.type === 'array' ? field.items?.properties : field.properties;
    if (nested) errors.push(...defaultProblems(nested, path));
  }
  return errors;
}

/** Keeps the column ids the designer sent back (only ones this data source gave) and gives
 * new top-level fields the next ones. */
function withFieldIds(
  nodes: DesignField[],
  stored: StoredDefinition | null,
): { nodes: DesignField[]; nextFieldId: number } {
  const known = new Set(
    Object.values(stored?.schema.properties ?? {}).map((field) => field['x-field-id']),
  );
  let next = stored?.nextFieldId ?? 1;
  const used = new Set<number>();
  const errors: FieldError[] = [];
  const withIds = nodes.map((node) => {
    if (node.FieldId !== null) {
      if (!known.has(node.FieldId) || used.has(node.FieldId)) {
        errors.push({ Field: `SchemaDefinition/${node.Name}`, Message: 'has an unknown field id' });
      }
      used.add(node.FieldId);
      return node;
    }
    return { ...node, FieldId: next++ };
  });
  if (errors.length > 0) refuse(errors);
  return { nodes: withIds, nextFieldId: next };
}

/**
 * The definition of a save, checked and completed, or a 400 naming what is wrong: the shapes
 * (ajv, against the engine's own schemas), the name, the field tree's rules (names, types,
 * attributes, defaults), the key field, the control tree against the fields; new fields get
 * their column ids. The schema is stored as the designer's tree writes it, so it holds only
 * what the engine understands.
 */
export function checkedDefinition(
  body: DataSourceSave,
  stored: StoredDefinition | null,
  defaultPermissions: DataSourcePermissions,
): UserTableDefinition {
  const name = body.Name.trim();
  if (!namePattern.test(name)) {
    refuse([
      {
        Field: 'Name',
        Message:
          "must start with a letter or digit and hold only letters, digits, spaces and _ ' ( ) . -",
      },
    ]);
  }
  checkShape(userTableSchemaSchema, body.SchemaDefinition, 'SchemaDefinition');
  const given = body.SchemaDefinition as unknown as UserTableSchema;
  const keyField = body.PrimaryKeyField === 'Id' ? '' : (body.PrimaryKeyField ?? '');
  const tree = fieldTreeOf(given, keyField);
  const treeErrors = fieldTreeProblems(tree, maxUserFields).map((problem) => ({
    Field: problem.Path ? `SchemaDefinition/${problem.Path}` : 'SchemaDefinition',
    Message: problem.Message,
  }));
  if (treeErrors.length > 0) refuse(treeErrors);
  const key = tree.find((node) => node.Name === keyField);
  if (keyField && (!key || !isKeyType(key.Type))) {
    refuse([
      { Field: 'PrimaryKeyField', Message: 'must be a top-level field of a key type, or Id' },
    ]);
  }
  const defaults = defaultProblems(given.properties, '');
  if (defaults.length > 0) refuse(defaults);
  const { nodes, nextFieldId } = withFieldIds(tree, stored);
  const { schema, primaryKey } = schemaOfFieldTree(nodes, given.title);

  let form: UserTableDefinition['form'] = null;
  if (body.FormDefinition) {
    checkShape(userFormDefinitionSchema, body.FormDefinition, 'FormDefinition');
    form = body.FormDefinition as unknown as { 'ui:controls': ControlNode[] };
    const problems = controlProblems(form['ui:controls'], schema);
    if (problems.length > 0) {
      refuse(
        problems.map((problem) => ({
          Field: problem.ControlId ? `FormDefinition/${problem.ControlId}` : 'FormDefinition',
          Message: problem.Message,
        })),
      );
    }
  }
  return {
    name,
    schema,
    primaryKey,
    form,
    permissions: body.Permissions ?? stored?.permissions ?? defaultPermissions,
    nextFieldId,
  };
}
