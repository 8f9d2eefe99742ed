import type { FromSchema } from 'json-schema-to-ts';

/** A main-menu item as stored per language and served by `api/menu/GetMenu`. */
export const menuItemSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Id', 'Name', 'Url', 'ParentId', 'Order'],
  properties: {
    Id: { type: 'integer' },
    Name: { type: 'string', minLength: 1, maxLength: 200 },
    Url: { type: ['string', 'null'], maxLength: 2000 },
    ParentId: { type: ['integer', 'null'] },
    Order: { type: 'integer' },
  },
} as const;

export type MenuItem = FromSchema<typeof menuItemSchema>;

/** Special menu ids: 500 Reports, 600 and 601 hidden for non-administrators. */
export const specialMenuIds = { reports: 500, adminOnly: [600, 601] } as const;

/** The menu seeded for the default language when none is stored. */
export const defaultMenu: MenuItem[] = [
  { Id: 1, Name: 'Deliveries', Url: '/', ParentId: null, Order: 1 },
  { Id: 900, Name: 'Help', Url: null, ParentId: null, Order: 900 },
  { Id: 901, Name: 'Report a problem', Url: '/about/reportaproblem', ParentId: 900, Order: 1 },
];
