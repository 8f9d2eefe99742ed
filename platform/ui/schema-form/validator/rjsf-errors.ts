import type { RJSFValidationError, UiSchema } from '@rjsf/utils';
import { getByPath, getUiOptions, toPath } from '@rjsf/utils';
import type { SchemaError } from './schema-errors';

const uiTitleAt = (uiSchema: unknown, path: string): string | undefined =>
  getUiOptions(getByPath<UiSchema | undefined>(uiSchema, toPath(path))).title;

const schemaTitle = (schema: unknown, path: readonly string[]): string | undefined => {
  const title: unknown = getByPath(schema, [...path]);
  return typeof title === 'string' && title !== '' ? title : undefined;
};

/**
 * The title of `name`, a property of the object at `property`, for a message naming it; looked
 * up where the ajv8 adapter looks, in its order.
 */
function propertyTitle(
  error: SchemaError,
  property: string,
  name: string,
  uiSchema: unknown,
  rootSchema: unknown,
): string | undefined {
  const objectPath = property.replace(/^\./, '').split('.').filter(Boolean);
  const uiPathOfSchema = error.schemaPath
    .replace(/\/properties\//g, '/')
    .split('/')
    .slice(1, -1);
  return (
    uiTitleAt(uiSchema, property ? `${property}.${name}` : name) ??
    getUiOptions(getByPath<UiSchema | undefined>(uiSchema, [...uiPathOfSchema, name])).title ??
    schemaTitle(uiSchema, [...objectPath, name, 'title']) ??
    schemaTitle(error.parentSchema, ['properties', name, 'title']) ??
    schemaTitle(rootSchema, [
      ...objectPath.flatMap((part) => ['properties', part]),
      'properties',
      name,
      'title',
    ])
  );
}

/**
 * ajv-shaped errors as RJSF lists them, as `@rjsf/validator-ajv8` turns ajv's into them:
 * `property` is the data path in dots (`.Contacts.0.Email`); a missing property is named as
 * the field itself (`Code`, `.Contacts.0.Email`) so that the error shows on that field;
 * `stack` starts with the field's title.
 */
export function toRjsfErrors(
  errors: readonly SchemaError[],
  uiSchema: unknown,
  rootSchema: unknown,
): RJSFValidationError[] {
  return filterDuplicates(
    errors.map((error) => {
      const { keyword, params, schemaPath } = error;
      let { message } = error;
      let property = error.instancePath.replace(/\//g, '.');
      let stack = `${property} ${message}`.trim();
      let title = '';
      const named = [
        ...(typeof params.deps === 'string' ? params.deps.split(', ') : []),
        params.missingProperty,
        params.property,
      ].filter((name): name is string => typeof name === 'string' && name !== '');

      if (named.length > 0) {
        for (const name of named) {
          const found = propertyTitle(error, property, name, uiSchema, rootSchema);
          if (found) {
            message = message.replace(`'${name}'`, `'${found}'`);
            title = found;
          }
        }
        stack = message;
      } else {
        const found = uiTitleAt(uiSchema, property) ?? schemaTitle(error.parentSchema, ['title']);
        if (found) {
          stack = `'${found}' ${message}`.trim();
          title = found;
        }
      }
      if ('missingProperty' in params) {
        const missing = String(params.missingProperty);
        property = property ? `${property}.${missing}` : missing;
      }
      return { name: keyword, property, message, params, stack, schemaPath, title };
    }),
  );
}

/** Of equal messages under one `anyOf`/`oneOf`, only the first (as the ajv8 adapter does). */
function filterDuplicates(errors: RJSFValidationError[]): RJSFValidationError[] {
  return errors.reduce<RJSFValidationError[]>((kept, error) => {
    const { message, schemaPath = '' } = error;
    const anyOf = schemaPath.indexOf('/anyOf/');
    const oneOf = schemaPath.indexOf('/oneOf/');
    const cut = anyOf > 0 ? anyOf : oneOf > 0 ? oneOf : -1;
    const prefix = cut > 0 ? schemaPath.slice(0, cut) : undefined;
    const duplicate =
      prefix !== undefined &&
      kept.some((other) => other.message === message && other.schemaPath?.startsWith(prefix));
    if (!duplicate) kept.push(error);
    return kept;
  }, []);
}
