import type { FromSchema } from 'json-schema-to-ts';

/**
 * What `POST api/menu/SaveMenu` takes: the whole menu of one language, which replaces the
 * stored one. Items keep their Id unless `IsNew`: a new item's Id is a temporary one (the
 * menu editor sends negative numbers), which its children name as their ParentId; the server
 * gives it a fresh id. The rules beyond the schema (`menuProblems` in platform/core) are
 * checked by the server and shown by the editor.
 */

/** How deep the menu nests: a top-level item, its children and theirs. */
export const menuDepthLimit = 3;

/** Ids the server gives new items start here; lower ids are the release's (`defaultMenu`). */
export const firstUserMenuId = 10_000;

export const maxMenuItems = 500;

const int32 = { type: 'integer', minimum: -2_147_483_648, maximum: 2_147_483_647 } as const;

export const menuSaveItemSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Id', 'Name', 'Url', 'ParentId', 'Order'],
  properties: {
    Id: int32,
    Name: { type: 'string', minLength: 1, maxLength: 200 },
    /** Null for a pure parent, else a site-relative path (`/admin/users`, `/udt/grid/1001`). */
    Url: { type: ['string', 'null'], maxLength: 2000 },
    ParentId: { type: ['integer', 'null'], minimum: -2_147_483_648, maximum: 2_147_483_647 },
    Order: int32,
    IsNew: { type: 'boolean' },
  },
} as const;

export const menuSaveSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Language', 'MenuItems'],
  properties: {
    Language: { type: 'string', pattern: '^[A-Za-z0-9-]{1,20}$' },
    MenuItems: { type: 'array', maxItems: maxMenuItems, items: menuSaveItemSchema },
  },
} as const;

export type MenuSaveItem = FromSchema<typeof menuSaveItemSchema>;
export type MenuSave = FromSchema<typeof menuSaveSchema>;
