/** A main-menu item as stored per language and served by `api/menu/GetMenu`. */
export interface MenuItem {
  Id: number;
  Name: string;
  Url: string | null;
  ParentId: number | null;
  Order: number;
}

/** Special menu ids: 500 Reports, 600 and 601 hidden for non-administrators. */
export const specialMenuIds = { reports: 500, adminOnly: [600, 601] } as const;

/** The menu seeded for the default language when none is stored. */
export const defaultMenu: MenuItem[] = [
  { Id: 1, Name: 'Deliveries', Url: '/', ParentId: null, Order: 1 },
  { Id: 900, Name: 'Help', Url: null, ParentId: null, Order: 900 },
  { Id: 901, Name: 'Report a problem', Url: '/about/reportaproblem', ParentId: 900, Order: 1 },
];
