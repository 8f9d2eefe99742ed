/** One entry of the routes definition list the browser loads at start-up. */
export interface RouteDefinition {
  /** Unique name; the app registers a screen under this name. */
  name: string;
  /** Clean URL pattern in react-router syntax, e.g. `/admin/users/:id`. */
  route: string;
  /** Permission expression checked before the route opens. */
  Permission: string;
  /** When set, the route waits until translations are ready. */
  InstantTranslation?: boolean;
  /** Translation key of the page title. */
  Title?: string;
}

export const routeDefinitions: RouteDefinition[] = [
  { name: 'home', route: '/', Permission: 'everybody', Title: 'ROUTES.HOME' },
  {
    name: 'unauthorized',
    route: '/unauthorized',
    Permission: 'everybody',
    InstantTranslation: true,
    Title: 'ROUTES.UNAUTHORIZED',
  },
  {
    name: 'reportaproblem',
    route: '/about/reportaproblem',
    Permission: 'everybody',
    InstantTranslation: true,
    Title: 'ROUTES.REPORT_A_PROBLEM',
  },
  {
    name: 'hangfireview',
    route: '/hangfireview',
    Permission: 'everybody',
    Title: 'ROUTES.JOBS',
  },
];
