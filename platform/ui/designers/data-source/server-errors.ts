import { walkFields, type FieldNode } from './field-nodes';
import { fieldErrorsOf } from '../../http';

/** A refused save's errors, by what they are about (fields by uid, controls by id). */
export interface ServerErrors {
  name: string[];
  primaryKey: string[];
  fields: Readonly<Record<string, string[]>>;
  controls: Readonly<Record<string, string[]>>;
  /** Errors about nothing the designer shows, or naming a field or control it cannot find. */
  other: string[];
}

export const noServerErrors: ServerErrors = {
  name: [],
  primaryKey: [],
  fields: {},
  controls: {},
  other: [],
};

const add = (map: Readonly<Record<string, string[]>>, key: string, message: string) => ({
  ...map,
  [key]: [...(map[key] ?? []), message],
});

/**
 * The `Errors` of a 400 placed on what they name: `Name`, `PrimaryKeyField`,
 * `SchemaDefinition/<field path>` (names as they were sent), `FormDefinition/<control id>`.
 */
export function serverErrorsOf(
  errors: unknown,
  fields: readonly FieldNode[],
  controlIds: ReadonlySet<string>,
): ServerErrors {
  const result: ServerErrors = { ...noServerErrors };
  const paths = new Map([...walkFields(fields)].map(({ namePath, node }) => [namePath, node.uid]));
  for (const error of fieldErrorsOf(errors)) {
    const [part, ...rest] = error.Field.split('/');
    const target = rest.join('/');
    const uid = part === 'SchemaDefinition' ? paths.get(target) : undefined;
    if (error.Field === 'Name') result.name = [...result.name, error.Message];
    else if (error.Field === 'PrimaryKeyField') {
      result.primaryKey = [...result.primaryKey, error.Message];
    } else if (uid !== undefined) result.fields = add(result.fields, uid, error.Message);
    else if (part === 'FormDefinition' && controlIds.has(target)) {
      result.controls = add(result.controls, target, error.Message);
    } else {
      const text = error.Field ? `${error.Field}: ${error.Message}` : error.Message;
      result.other = [...result.other, text];
    }
  }
  return result;
}

export function hasServerErrors(errors: ServerErrors): boolean {
  return (
    errors.name.length + errors.primaryKey.length + errors.other.length > 0 ||
    Object.keys(errors.fields).length + Object.keys(errors.controls).length > 0
  );
}

/** The errors without those about a field (uid) or a control (id), once it is edited. */
export function withoutErrorsOn(errors: ServerErrors, what: { field?: string; control?: string }) {
  const drop = (map: Readonly<Record<string, string[]>>, key: string | undefined) =>
    key === undefined ? map : Object.fromEntries(Object.entries(map).filter(([k]) => k !== key));
  return {
    ...errors,
    fields: drop(errors.fields, what.field),
    controls: drop(errors.controls, what.control),
  };
}
