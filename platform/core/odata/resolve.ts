import type { FieldNode, ItemFieldNode } from './ast';
import { ODataError, list, quote, unknownHint } from './errors';
import type { ODataField, ODataModel } from './model';
import { own } from './own';

/** A lambda variable in scope: `r` in `Roles/any(r: ...)`. */
export interface Scope {
  variable: string;
  collection: string;
}

function filterable(fields: Readonly<Record<string, ODataField>>): string[] {
  return Object.keys(fields).filter((name) => fields[name]!.filterable);
}

/** A field to filter by: present and filterable, else an error that lists the right names. */
function filterField(
  option: string,
  fields: Readonly<Record<string, ODataField>>,
  name: string,
  position: number,
  of = '',
): ODataField {
  const known = filterable(fields);
  const what = `fields${of} you can filter by`;
  const field = own(fields, name);
  if (!field) {
    throw new ODataError(
      option,
      `unknown field ${quote(name)}${of}`,
      position,
      unknownHint(name, known, what),
    );
  }
  if (!field.filterable) {
    throw new ODataError(
      option,
      `cannot filter by ${quote(name)}${of}`,
      position,
      `${what}: ${list(known)}`,
    );
  }
  return field;
}

/** `Name` as a field of the list, or `r/Name` as a field of the item `r` ranges over. */
export function resolvePath(
  option: string,
  model: ODataModel,
  path: { first: string; second: string | null; position: number },
  scopes: readonly Scope[],
): FieldNode | ItemFieldNode {
  const { first, second, position } = path;
  const scope = scopes.find((candidate) => candidate.variable === first);
  if (scope) {
    const { collection, variable } = scope;
    const fields = model.collections[collection]!.fields;
    if (second === null) {
      const hint = `name one of its fields: ${list(filterable(fields))}`;
      throw new ODataError(
        option,
        `${quote(variable)} is an item of ${collection}`,
        position,
        hint,
      );
    }
    const field = filterField(option, fields, second, position, ` of ${collection}`);
    return {
      kind: 'itemField',
      variable,
      collection,
      name: second,
      type: field.type,
      nullable: field.nullable,
    };
  }
  const isCollection = own(model.collections, first) !== undefined;
  if (second !== null) {
    const hint = isCollection
      ? `to test its items write ${first}/any(x: x/${second} ...)`
      : 'only the fields of the list itself and of any/all variables can be used';
    throw new ODataError(
      option,
      `cannot follow the path ${quote(`${first}/${second}`)}`,
      position,
      hint,
    );
  }
  if (isCollection) {
    throw new ODataError(
      option,
      `${quote(first)} holds many items`,
      position,
      `write ${first}/any(x: ...)`,
    );
  }
  const field = filterField(option, model.fields, first, position);
  return { kind: 'field', name: first, type: field.type, nullable: field.nullable };
}

/** Checks the collection and variable of `Roles/any(r: ...)` before its predicate is read. */
export function checkLambdaScope(
  option: string,
  model: ODataModel,
  lambda: { collection: string; variable: string | null; position: number },
  scopes: readonly Scope[],
): void {
  const { collection, variable, position } = lambda;
  const known = own(model.collections, collection);
  if (!known) {
    const what = own(model.fields, collection)
      ? `${quote(collection)} is not a collection`
      : `unknown collection ${quote(collection)}`;
    const hint = unknownHint(collection, Object.keys(model.collections), 'collections');
    throw new ODataError(option, what, position, hint);
  }
  if (known.filterable === false) {
    throw new ODataError(option, `cannot filter by ${quote(collection)}`, position);
  }
  if (variable !== null && scopes.some((scope) => scope.variable === variable)) {
    const detail = `the variable ${quote(variable)} is already in use`;
    throw new ODataError(option, detail, position, 'choose another name');
  }
}
