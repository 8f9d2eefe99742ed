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

/** The special ids a saved menu keeps: they can be moved and renamed, never removed or new. */
export const keptMenuIds: readonly number[] = [specialMenuIds.reports, ...specialMenuIds.adminOnly];

/**
 * Where first-level items lead a non-administrator, whatever their Url says: the Reports item
 * (id 500) to the reports entry, an item opening the dashboard to the home page.
 */
export const nonAdminMenuTargets = {
  reports: '/reports',
  dashboard: { from: '/dashboard', to: '/' },
} as const;

/**
 * Menu items whose target moved in a release: an installation's item still pointing at the
 * old address is pointed at the new one (in every language); one an administrator changed
 * is left alone.
 */
export const movedMenuTargets: readonly { Id: number; from: string; to: string }[] = [
  // The Schedule item opened the old Hangfire dashboard's message; it opens the jobs page.
  { Id: 600, from: '/hangfireview', to: '/admin/jobs' },
];

/** The menu seeded for the default language when none is stored. */
export const defaultMenu: MenuItem[] = [
  { Id: 1, Name: 'Deliveries', Url: '/', ParentId: null, Order: 1 },
  { Id: 2, Name: 'Compaction calculator', Url: '/compaction/calculator', ParentId: null, Order: 2 },
  { Id: 3, Name: 'Weather', Url: '/weather', ParentId: null, Order: 3 },
  { Id: 100, Name: 'Administration', Url: null, ParentId: null, Order: 100 },
  { Id: 101, Name: 'Users', Url: '/admin/users', ParentId: 100, Order: 1 },
  { Id: 102, Name: 'Roles', Url: '/admin/roles', ParentId: 100, Order: 2 },
  { Id: 103, Name: 'Groups', Url: '/admin/groups', ParentId: 100, Order: 3 },
  { Id: 104, Name: 'Companies', Url: '/admin/companies', ParentId: 100, Order: 4 },
  { Id: 105, Name: 'Permissions', Url: '/admin/permissions', ParentId: 100, Order: 5 },
  { Id: 106, Name: 'Units', Url: '/admin/units', ParentId: 100, Order: 6 },
  { Id: 107, Name: 'Materials', Url: '/admin/downloaduploadmaterials', ParentId: 100, Order: 7 },
  { Id: 108, Name: 'Audit log', Url: '/admin/auditlog', ParentId: 100, Order: 8 },
  { Id: 109, Name: 'Data sources', Url: '/admin/dataSources', ParentId: 100, Order: 9 },
  { Id: 110, Name: 'Grid pages', Url: '/admin/grids', ParentId: 100, Order: 10 },
  { Id: 111, Name: 'Languages', Url: '/admin/languages', ParentId: 100, Order: 11 },
  { Id: 112, Name: 'E-mail templates', Url: '/admin/templates', ParentId: 100, Order: 12 },
  { Id: 113, Name: 'Settings', Url: '/admin/settings', ParentId: 100, Order: 13 },
  { Id: 114, Name: 'Login audit', Url: '/admin/loginaudit', ParentId: 100, Order: 14 },
  { Id: 115, Name: 'Routes', Url: '/admin/routes', ParentId: 100, Order: 15 },
  { Id: 116, Name: 'Web services', Url: '/admin/webservices', ParentId: 100, Order: 16 },
  { Id: 117, Name: 'Sync units', Url: '/admin/syncunits', ParentId: 100, Order: 17 },
  { Id: 120, Name: 'Menu', Url: '/admin/menu', ParentId: 100, Order: 20 },
  { Id: 600, Name: 'Schedule', Url: '/admin/jobs', ParentId: 100, Order: 60 },
  { Id: 500, Name: 'Reports', Url: '/reports', ParentId: null, Order: 50 },
  { Id: 900, Name: 'Help', Url: null, ParentId: null, Order: 900 },
  { Id: 901, Name: 'Report a problem', Url: '/about/reportaproblem', ParentId: 900, Order: 1 },
];
