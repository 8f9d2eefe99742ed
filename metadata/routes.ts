import type { FromSchema } from 'json-schema-to-ts';

/**
 * One entry of the routes definition list the browser loads at start-up: `name` (the app
 * registers a screen under it), `route` (clean URL pattern in react-router syntax),
 * `Permission` (checked before the route opens), `InstantTranslation` (the route waits for
 * translations) and `Title` (translation key of the page title).
 */
export const routeDefinitionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'route', 'Permission'],
  properties: {
    name: { type: 'string' },
    route: { type: 'string' },
    Permission: { type: 'string' },
    InstantTranslation: { type: 'boolean' },
    Title: { type: 'string' },
  },
} as const;

export type RouteDefinition = FromSchema<typeof routeDefinitionSchema>;

export const routeDefinitions: RouteDefinition[] = [
  { name: 'home', route: '/', Permission: 'authorized', Title: 'ROUTES.HOME' },
  {
    name: 'login',
    route: '/login',
    Permission: 'everybody',
    InstantTranslation: true,
    Title: 'ROUTES.LOGIN',
  },
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
    name: 'register',
    route: '/register',
    Permission: 'everybody',
    InstantTranslation: true,
    Title: 'ROUTES.REGISTER',
  },
  {
    name: 'resetpassword',
    route: '/resetpassword/:ticket',
    Permission: 'everybody',
    InstantTranslation: true,
    Title: 'ROUTES.RESET_PASSWORD',
  },
  {
    name: 'registerbyticket',
    route: '/registerbyticket/:ticket',
    Permission: 'everybody',
    InstantTranslation: true,
    Title: 'ROUTES.REGISTER_BY_TICKET',
  },
  { name: 'profile', route: '/profile', Permission: 'authorized', Title: 'ROUTES.PROFILE' },
  {
    name: 'hangfireview',
    route: '/hangfireview',
    Permission: 'everybody',
    Title: 'ROUTES.JOBS',
  },
];
