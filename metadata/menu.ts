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

/** The groups of the Administration menu (id 100): people, catalogue, designers, system. */
export const administrationGroups = { people: 130, catalogue: 131, designers: 132, system: 133 };

const { people, catalogue, designers, system } = administrationGroups;

/** The menu seeded for the default language when none is stored. */
export const defaultMenu: MenuItem[] = [
  { Id: 1, Name: 'Deliveries', Url: '/', ParentId: null, Order: 1 },
  { Id: 2, Name: 'Compaction calculator', Url: '/compaction/calculator', ParentId: null, Order: 2 },
  { Id: 3, Name: 'Weather', Url: '/weather', ParentId: null, Order: 3 },
  { Id: 100, Name: 'Administration', Url: null, ParentId: null, Order: 100 },
  { Id: people, Name: 'People', Url: null, ParentId: 100, Order: 1 },
  { Id: 101, Name: 'Users', Url: '/admin/users', ParentId: people, Order: 1 },
  { Id: 102, Name: 'Roles', Url: '/admin/roles', ParentId: people, Order: 2 },
  { Id: 103, Name: 'Groups', Url: '/admin/groups', ParentId: people, Order: 3 },
  { Id: 104, Name: 'Companies', Url: '/admin/companies', ParentId: people, Order: 4 },
  { Id: 105, Name: 'Permissions', Url: '/admin/permissions', ParentId: people, Order: 5 },
  { Id: catalogue, Name: 'Catalogue', Url: null, ParentId: 100, Order: 2 },
  { Id: 106, Name: 'Units', Url: '/admin/units', ParentId: catalogue, Order: 1 },
  {
    Id: 107,
    Name: 'Materials',
    Url: '/admin/downloaduploadmaterials',
    ParentId: catalogue,
    Order: 2,
  },
  { Id: 117, Name: 'Sync units', Url: '/admin/syncunits', ParentId: catalogue, Order: 3 },
  { Id: designers, Name: 'Designers', Url: null, ParentId: 100, Order: 3 },
  { Id: 109, Name: 'Data sources', Url: '/admin/dataSources', ParentId: designers, Order: 1 },
  { Id: 110, Name: 'Grid pages', Url: '/admin/grids', ParentId: designers, Order: 2 },
  { Id: 120, Name: 'Menu', Url: '/admin/menu', ParentId: designers, Order: 3 },
  { Id: system, Name: 'System', Url: null, ParentId: 100, Order: 4 },
  { Id: 113, Name: 'Settings', Url: '/admin/settings', ParentId: system, Order: 1 },
  { Id: 111, Name: 'Languages', Url: '/admin/languages', ParentId: system, Order: 2 },
  { Id: 112, Name: 'E-mail templates', Url: '/admin/templates', ParentId: system, Order: 3 },
  { Id: 108, Name: 'Audit log', Url: '/admin/auditlog', ParentId: system, Order: 4 },
  { Id: 114, Name: 'Login audit', Url: '/admin/loginaudit', ParentId: system, Order: 5 },
  { Id: 600, Name: 'Schedule', Url: '/admin/jobs', ParentId: system, Order: 6 },
  { Id: 115, Name: 'Routes', Url: '/admin/routes', ParentId: system, Order: 7 },
  { Id: 116, Name: 'Web services', Url: '/admin/webservices', ParentId: system, Order: 8 },
  { Id: 500, Name: 'Reports', Url: '/reports', ParentId: null, Order: 50 },
  { Id: 900, Name: 'Help', Url: null, ParentId: null, Order: 900 },
  { Id: 901, Name: 'Report a problem', Url: '/about/reportaproblem', ParentId: 900, Order: 1 },
];

/**
 * The Administration menu's items as releases before the groups seeded them, all directly
 * under id 100: an installation whose menu still has exactly these there (by id, address and
 * order, in any language) gets the groups; one an administrator changed is left as it is.
 */
export const ungroupedAdministrationMenu: readonly Pick<MenuItem, 'Id' | 'Url' | 'Order'>[] = [
  { Id: 101, Url: '/admin/users', Order: 1 },
  { Id: 102, Url: '/admin/roles', Order: 2 },
  { Id: 103, Url: '/admin/groups', Order: 3 },
  { Id: 104, Url: '/admin/companies', Order: 4 },
  { Id: 105, Url: '/admin/permissions', Order: 5 },
  { Id: 106, Url: '/admin/units', Order: 6 },
  { Id: 107, Url: '/admin/downloaduploadmaterials', Order: 7 },
  { Id: 108, Url: '/admin/auditlog', Order: 8 },
  { Id: 109, Url: '/admin/dataSources', Order: 9 },
  { Id: 110, Url: '/admin/grids', Order: 10 },
  { Id: 111, Url: '/admin/languages', Order: 11 },
  { Id: 112, Url: '/admin/templates', Order: 12 },
  { Id: 113, Url: '/admin/settings', Order: 13 },
  { Id: 114, Url: '/admin/loginaudit', Order: 14 },
  { Id: 115, Url: '/admin/routes', Order: 15 },
  { Id: 116, Url: '/admin/webservices', Order: 16 },
  { Id: 117, Url: '/admin/syncunits', Order: 17 },
  { Id: 120, Url: '/admin/menu', Order: 20 },
  { Id: 600, Url: '/admin/jobs', Order: 60 },
];
