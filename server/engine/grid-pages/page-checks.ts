import type {
  ColumnType,
  GridAction,
  GridColumn,
  GridPageSave,
  GridRowAction,
  JsonSchema,
  SortKey,
} from '#metadata';
import { ODataError, parseFilter, permissionExpressionProblem } from '#platform/core';
import { AppError, type FieldError } from '../../errors/app-error';
import type { EngineEntity } from '../entity-context';
import { entityModel } from '../entity-list';
import { columnTypesOf } from './field-types';
import { formatProblem } from './column-formats';

/** A grid page as checked for a save: what `grid_pages` stores of it. */
export interface CheckedPage {
  pageTitle: string;
  dataSourceId: number;
  pkField: string;
  columns: GridColumn[];
  actions: GridAction[];
  rowActions: GridRowAction[];
  pageSize: number;
  defaultSort: SortKey[];
  defaultFilter: string | null;
  defaultFilterTitle: string | null;
  cardFields: string[];
  permission: string;
}

/** What a save of a built-in page keeps of it: the release owns its source and structure. */
export interface StoredPage {
  dataSourceId: number;
  pkField: string;
  columns: readonly GridColumn[];
  actions: readonly GridAction[];
  rowActions: readonly GridAction<string>[];
}

/** Refuses a save with every problem found, the first in the message. */
export function refuse(errors: FieldError[]): never {
  const first = errors[0]!;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  throw new AppError('BadRequest', `${first.Field}: ${first.Message}${more}.`, errors);
}

const urlsNeeded = new Set(['Redirect', 'Open']);
/**
 * A path on this site: one `/` and then no second `/` or `\` (`//host` and `/\host` leave the
 * site in a browser), no spaces, backslashes or control characters. A scheme
 * (`javascript:`, `https:`) cannot start with `/`.
 */
// eslint-disable-next-line no-control-regex
const sitePath = /^\/(?![/\\])[^\s\\\u0000-\u001f\u007f]*$/;

/** Column extras of a built-in page that the designer's save does not carry. */
const releaseExtras = ['Sortable', 'Filterable', 'FilterFields', 'FilterByValuesOnly'] as const;

function properties(entity: EngineEntity): Record<string, JsonSchema> {
  return (entity.schema.properties ?? {}) as Record<string, JsonSchema>;
}

function duplicateIds(items: readonly { Id: number }[], list: string): FieldError[] {
  const seen = new Set<number>();
  const errors: FieldError[] = [];
  items.forEach((item, index) => {
    if (seen.has(item.Id)) {
      errors.push({ Field: `${list}/${index}/Id`, Message: `${item.Id} is used twice` });
    }
    seen.add(item.Id);
  });
  return errors;
}

function fieldProblem(entity: EngineEntity, field: string): string | null {
  const property = properties(entity)[field];
  if (!property) return `'${field}' is not a field of ${entity.name}`;
  if (property.writeOnly === true) return `'${field}' is written, never shown`;
  return null;
}

function checkColumns(
  entity: EngineEntity,
  columns: NonNullable<GridPageSave['Columns']>,
  stored: StoredPage | null,
  errors: FieldError[],
): GridColumn[] {
  const fields = new Set<string>();
  return columns.map((column, index) => {
    const at = `Columns/${index}`;
    const format = column.Format === '' ? null : (column.Format ?? null);
    const release = stored?.columns.find((c) => c.Id === column.Id && c.Field === column.Field);
    // The release may show a field its own way (a change log's changes by a module's cell).
    const asReleased = release?.Type === column.Type;
    const problem = fieldProblem(entity, column.Field);
    if (problem) {
      errors.push({ Field: `${at}/Field`, Message: problem });
    } else {
      const types = asReleased ? [release.Type] : columnTypesOf(properties(entity)[column.Field]!);
      if (types.length === 0) {
        errors.push({
          Field: `${at}/Field`,
          Message: `'${column.Field}' cannot be shown in a grid`,
        });
      } else if (!types.includes(column.Type)) {
        const expected = types.map((type) => `'${type}'`).join(' or ');
        errors.push({
          Field: `${at}/Type`,
          Message: `must be ${expected} for the field '${column.Field}'`,
        });
      }
      if (fields.has(column.Field)) {
        errors.push({ Field: `${at}/Field`, Message: `'${column.Field}' is shown twice` });
      }
      fields.add(column.Field);
    }
    const formatError = formatProblem(column.Type as ColumnType, format);
    if (formatError) errors.push({ Field: `${at}/Format`, Message: formatError });
    if (column.Title.trim() === '') errors.push({ Field: `${at}/Title`, Message: 'is required' });
    const extras = Object.fromEntries(
      releaseExtras
        .filter((key) => release?.[key] !== undefined)
        .map((key) => [key, release![key]]),
    );
    return {
      Id: column.Id,
      Field: column.Field,
      Title: column.Title.trim(),
      Format: format,
      Type: column.Type as ColumnType,
      Order: column.Order,
      ...(column.Width === undefined ? {} : { Width: column.Width }),
      ...extras,
    };
  });
}

type ActionSave = NonNullable<GridPageSave['Actions'] | GridPageSave['RowActions']>[number];

function checkActions<Action extends GridAction<string>>(
  list: 'Actions' | 'RowActions',
  actions: readonly ActionSave[],
  stored: readonly GridAction<string>[],
  errors: FieldError[],
): Action[] {
  errors.push(...duplicateIds(actions, list));
  return actions.map((action, index) => {
    const at = `${list}/${index}`;
    const url = action.UrlToRedirect === '' ? null : (action.UrlToRedirect ?? null);
    if (urlsNeeded.has(action.Type)) {
      if (url === null) {
        errors.push({ Field: `${at}/UrlToRedirect`, Message: `is required for ${action.Type}` });
      } else if (!sitePath.test(url)) {
        errors.push({
          Field: `${at}/UrlToRedirect`,
          Message: "must be a path on this site, starting with a single '/'",
        });
      }
    } else if (url !== null) {
      errors.push({
        Field: `${at}/UrlToRedirect`,
        Message: `must be empty for ${action.Type} (only Redirect and Open go to a URL)`,
      });
    }
    if (action.Title.trim() === '') errors.push({ Field: `${at}/Title`, Message: 'is required' });
    // A built-in action keeps the permission the release gave it.
    const release = stored.find((a) => a.Id === action.Id && a.Type === action.Type);
    return {
      Id: action.Id,
      Title: action.Title.trim(),
      Type: action.Type,
      UrlToRedirect: url,
      Order: action.Order,
      ...(release?.Permission === undefined ? {} : { Permission: release.Permission }),
    } as Action;
  });
}

function checkSort(entity: EngineEntity, sort: readonly SortKey[], errors: FieldError[]) {
  const model = entityModel(entity);
  sort.forEach((key, index) => {
    if (model.fields[key.Field]?.sortable) return;
    const problem = fieldProblem(entity, key.Field);
    errors.push({
      Field: `DefaultSort/${index}/Field`,
      Message: problem ?? `'${key.Field}' cannot be sorted by`,
    });
  });
  return sort.map((key) => ({ Field: key.Field, Desc: key.Desc }));
}

/** A card's fields: columns of the page, each once. */
function checkCardFields(
  columns: readonly GridColumn[],
  fields: readonly string[],
  errors: FieldError[],
): string[] {
  const shown = new Set(columns.map((column) => column.Field));
  fields.forEach((field, index) => {
    const at = `CardFields/${index}`;
    if (!shown.has(field)) {
      errors.push({ Field: at, Message: `'${field}' is not a column of the page` });
    } else if (fields.indexOf(field) !== index) {
      errors.push({ Field: at, Message: `'${field}' is shown twice` });
    }
  });
  return [...fields];
}

function checkFilter(entity: EngineEntity, filter: string | null, errors: FieldError[]) {
  if (filter === null) return null;
  try {
    parseFilter(filter, entityModel(entity));
  } catch (error) {
    if (!(error instanceof ODataError)) throw error;
    errors.push({ Field: 'DefaultFilter', Message: error.message.replace(/^\$filter: /, '') });
  }
  return filter;
}

/**
 * The key of the rows: the field the row calls address a row by (the system `Id` of a user
 * table, the key field of a built-in one), since the page's detail and row calls put it in
 * their URLs.
 */
function checkKey(entity: EngineEntity, pkField: string | undefined, errors: FieldError[]) {
  const key = entity.primaryKeyField;
  if (pkField === undefined || pkField === key) return key;
  const problem = fieldProblem(entity, pkField);
  errors.push({
    Field: 'PkField',
    Message: problem ?? `must be ${key}: the rows of ${entity.name} are addressed by it`,
  });
  return key;
}

const blank = (text: string | null | undefined) =>
  text === undefined || text === null || text.trim() === '' ? null : text.trim();

/**
 * Checks a grid page the designer saves against its data source: fields, types and formats
 * of columns, the sort, the default filter (against the source's OData model), the
 * permission expression, the actions' URLs and unique ids. Every problem is a 400 naming
 * its field; nothing is written. A built-in page (`stored`) keeps its data source, key,
 * the release's column extras and action permissions.
 */
export function checkedPage(
  body: GridPageSave,
  entity: EngineEntity,
  stored: StoredPage | null,
): CheckedPage {
  const errors: FieldError[] = [];
  if (body.PageTitle.trim() === '') errors.push({ Field: 'PageTitle', Message: 'is required' });
  if (stored && body.DataSourceId !== stored.dataSourceId) {
    errors.push({
      Field: 'DataSourceId',
      Message: 'is part of the release for a built-in page and cannot be changed',
    });
  }
  const pkField =
    stored && body.PkField !== undefined && body.PkField !== stored.pkField
      ? (errors.push({ Field: 'PkField', Message: 'cannot be changed on a built-in page' }),
        stored.pkField)
      : checkKey(entity, body.PkField, errors);
  errors.push(...duplicateIds(body.Columns, 'Columns'));
  const columns = checkColumns(entity, body.Columns, stored, errors);
  const actions = checkActions<GridAction>(
    'Actions',
    body.Actions ?? [],
    stored?.actions ?? [],
    errors,
  );
  const rowActions = checkActions<GridRowAction>(
    'RowActions',
    body.RowActions ?? [],
    stored?.rowActions ?? [],
    errors,
  );
  const cardFields = checkCardFields(columns, body.CardFields ?? [], errors);
  const defaultSort = checkSort(entity, body.DefaultSort ?? [], errors);
  const defaultFilter = checkFilter(entity, blank(body.DefaultFilter), errors);
  const permission = (body.Permission ?? '').trim();
  const permissionError = permissionExpressionProblem(permission);
  if (permissionError) errors.push({ Field: 'Permission', Message: permissionError });
  if (errors.length > 0) refuse(errors);
  return {
    pageTitle: body.PageTitle.trim(),
    dataSourceId: body.DataSourceId,
    pkField,
    columns,
    actions,
    rowActions,
    pageSize: body.PageSize ?? 20,
    defaultSort,
    defaultFilter,
    defaultFilterTitle: blank(body.DefaultFilterTitle),
    cardFields,
    permission,
  };
}
