import type { FromSchema } from 'json-schema-to-ts';
import { builtInEntities } from './entities/index';

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
    /** The registered screen drawing the route, when not the one named `name`. */
    Screen: { type: 'string' },
    /** The grid page an engine screen draws. */
    GridPage: { type: 'integer' },
    /**
     * Why the installation does not use the screen now (a setting turned its feature off:
     * companies while users belong to none); the app refuses the route with this message.
     */
    Closed: { type: 'string' },
  },
} as const;

export type RouteDefinition = FromSchema<typeof routeDefinitionSchema>;

/** The engine screens of every built-in entity: its grid, and its detail when it has one. */
export const entityRoutes: RouteDefinition[] = builtInEntities.flatMap((entity) => {
  const shared = {
    Permission: entity.permissions.read,
    Title: entity.grid.PageTitle,
    GridPage: entity.id,
  };
  const list = {
    name: `${entity.name}Grid`,
    route: entity.screens.list,
    Screen: entity.screens.listScreen ?? 'entityGrid',
    ...shared,
  };
  if (!entity.screens.detail) return [list];
  return [
    list,
    {
      name: `${entity.name}Detail`,
      route: entity.screens.detail,
      Screen: entity.screens.detailScreen ?? 'entityDetail',
      ...shared,
    },
  ];
});

const explicitRoutes: RouteDefinition[] = [
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
  {
    name: 'confirmemail',
    route: '/confirmemail/:ticket',
    Permission: 'everybody',
    InstantTranslation: true,
    Title: 'ROUTES.CONFIRM_EMAIL',
  },
  { name: 'profile', route: '/profile', Permission: 'authorized', Title: 'ROUTES.PROFILE' },
  {
    name: 'compactioncalculator',
    route: '/compaction/calculator',
    Permission: 'authorized',
    Title: 'ROUTES.COMPACTION_CALCULATOR',
  },
  {
    name: 'weathersearch',
    route: '/weather',
    Permission: 'authorized',
    Title: 'ROUTES.WEATHER_SEARCH',
  },
  {
    name: 'hangfireview',
    route: '/hangfireview',
    Permission: 'everybody',
    Title: 'ROUTES.JOBS',
  },
  {
    name: 'menuEditor',
    route: '/admin/menu',
    Permission: 'ManageMenu',
    Title: 'ROUTES.MENU_EDITOR',
  },
  {
    name: 'languageTranslations',
    route: '/admin/languages/:id/translations',
    Permission: 'ManageLanguages',
    Title: 'ROUTES.TRANSLATIONS',
  },
  {
    name: 'syncunits',
    route: '/admin/syncunits',
    Permission: 'ManageUnits',
    Title: 'ROUTES.SYNC_UNITS',
  },
  {
    name: 'settings',
    route: '/admin/settings',
    Permission: 'ManageSettings',
    Title: 'ROUTES.SETTINGS',
  },
  {
    name: 'routesOverview',
    route: '/admin/routes',
    Permission: 'ManagePermissions',
    Title: 'ROUTES.ROUTES_OVERVIEW',
  },
  {
    name: 'webServices',
    route: '/admin/webservices',
    Permission: 'ManagePermissions',
    Title: 'ROUTES.WEB_SERVICES',
  },
  {
    name: 'udtGrid',
    route: '/udt/grid/:gridId',
    Permission: 'authorized',
    Screen: 'entityGrid',
    Title: 'ROUTES.USER_GRID',
  },
  {
    name: 'udtDetails',
    route: '/udt/details/:gridId/:id/:mode',
    Permission: 'authorized',
    Screen: 'entityDetail',
    Title: 'ROUTES.USER_GRID',
  },
];
/** Every route; an explicit one wins over an entity's on the same path (home is the deliveries'). */
export const routeDefinitions: RouteDefinition[] = [
  ...explicitRoutes,
  ...entityRoutes.filter(
    (entityRoute) => !explicitRoutes.some((explicit) => explicit.route === entityRoute.route),
  ),
];
