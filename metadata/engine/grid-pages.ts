import type { FromSchema } from 'json-schema-to-ts';
import { columnTypes, gridActionTypes, rowActionTypes } from './definitions';
import { acceptingAnswer } from './derived-schemas';
import { gridPageSchema } from './responses';

/**
 * What the grid page designer saves: `POST api/grids` (create: Id 0 or absent) and
 * `PUT api/grids` (edit: Id and the Version read). The server fills what follows from the data
 * source (its name, schema, form, list and detail URLs, calls); a title already taken is the
 * spec's AlreadyExists ("There is already grid page with this title.").
 */

const maxId = 2_147_483_647;
const title = { type: 'string', minLength: 1, maxLength: 200 } as const;
const nullableUrl = { type: ['string', 'null'], maxLength: 2000 } as const;
/** A card shows at most this many fields: a phone's screen, read standing. */
export const maxCardFields = 8;

export const gridPageColumnSaveSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Id', 'Field', 'Title', 'Type', 'Order'],
  properties: {
    Id: { type: 'integer', minimum: 0, maximum: maxId },
    /** A top-level field of the data source (the server checks it exists). */
    Field: { type: 'string', minLength: 1, maxLength: 100 },
    /** A translation key or plain text. */
    Title: title,
    /** Per type: a date pattern, decimals (`0.00`), `yesno` or `check`; null: the default. */
    Format: { type: ['string', 'null'], maxLength: 50 },
    Type: { type: 'string', enum: columnTypes },
    Order: { type: 'integer', minimum: 0, maximum: 10_000 },
    Width: { type: 'number', minimum: 40, maximum: 2000 },
  },
} as const;

const actionSave = <const Types extends readonly string[]>(types: Types) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: ['Id', 'Title', 'Type', 'UrlToRedirect', 'Order'],
    properties: {
      Id: { type: 'integer', minimum: 0, maximum: maxId },
      Title: title,
      Type: { type: 'string', enum: types },
      /** Redirect and Open: where to go (`{id}` is the row's key); others: null. */
      UrlToRedirect: nullableUrl,
      Order: { type: 'integer', minimum: 0, maximum: 10_000 },
    },
  }) as const;

export const gridPageSaveSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['PageTitle', 'DataSourceId', 'Columns'],
  properties: {
    Id: { type: 'integer', minimum: 0, maximum: maxId },
    PageTitle: title,
    DataSourceId: { type: 'integer', minimum: 1, maximum: maxId },
    /** A top-level field of the data source; absent: the data source's primary key field. */
    PkField: { type: 'string', minLength: 1, maxLength: 100 },
    Columns: { type: 'array', minItems: 1, maxItems: 100, items: gridPageColumnSaveSchema },
    Actions: { type: 'array', maxItems: 20, items: actionSave(gridActionTypes) },
    RowActions: { type: 'array', maxItems: 20, items: actionSave(rowActionTypes) },
    PageSize: { type: 'integer', enum: [5, 10, 15, 20, 50, 100] },
    DefaultSort: {
      type: 'array',
      maxItems: 5,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['Field', 'Desc'],
        properties: {
          Field: { type: 'string', minLength: 1, maxLength: 100 },
          Desc: { type: 'boolean' },
        },
      },
    },
    /** An OData `$filter` over the data source's fields, applied until the user changes it. */
    DefaultFilter: { type: ['string', 'null'], maxLength: 2000 },
    DefaultFilterTitle: { type: ['string', 'null'], maxLength: 200 },
    /**
     * The card a narrow frame (a phone) draws per row: column fields of the page, in order, the
     * first the card's heading (the server checks each is a column). Absent or empty: no cards.
     */
    CardFields: {
      type: 'array',
      maxItems: maxCardFields,
      items: { type: 'string', minLength: 1, maxLength: 100 },
    },
    /**
     * Who may see the page: a permission expression ('' or absent: whoever may read the data
     * source). Checked by the server on the page (`GET api/grids/{id}`), on its rows
     * (`GET api/grids/{id}/data`) and export, and by the menu.
     */
    Permission: { type: 'string', maxLength: 500 },
    Version: { type: 'integer', minimum: 0, maximum: maxId },
  },
} as const;
export type GridPageSave = FromSchema<typeof gridPageSaveSchema>;

/**
 * The body `POST` and `PUT api/grids` take: a save, or the page as `GET api/grids/{id}` answered
 * it. What the server fills (the data source's name, schema, form and calls, the URLs, a
 * column's `Sortable`) is ignored; an `IsSystem` or `EntityType` other than the page's is a 400.
 */
export const gridPageSaveBodySchema = acceptingAnswer(gridPageSaveSchema, gridPageSchema);
