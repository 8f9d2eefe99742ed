/**
 * What a web service does, in words beside its call name (`GET /api/auth/IsBBWT2AuthAvailable`
 * alone tells a reader little): the area of the product it belongs to and what the call's name
 * says, or a sentence of its own for a call whose name says too little.
 */

/** The area of each API path's first segment (lower-cased), as translation keys. */
const areas: Readonly<Record<string, string>> = {
  auth: 'AUDIT_SCREENS.WEB_SERVICES.AREA.SIGN_IN',
  users: 'AUDIT_SCREENS.WEB_SERVICES.AREA.USERS',
  roles: 'AUDIT_SCREENS.WEB_SERVICES.AREA.ROLES',
  groups: 'AUDIT_SCREENS.WEB_SERVICES.AREA.GROUPS',
  companies: 'AUDIT_SCREENS.WEB_SERVICES.AREA.COMPANIES',
  company: 'AUDIT_SCREENS.WEB_SERVICES.AREA.COMPANIES',
  permissions: 'AUDIT_SCREENS.WEB_SERVICES.AREA.PERMISSIONS',
  changelog: 'AUDIT_SCREENS.WEB_SERVICES.AREA.AUDIT_LOG',
  userloginauditchart: 'AUDIT_SCREENS.WEB_SERVICES.AREA.LOGIN_AUDIT',
  language: 'AUDIT_SCREENS.WEB_SERVICES.AREA.LANGUAGES',
  emailtemplate: 'AUDIT_SCREENS.WEB_SERVICES.AREA.TEMPLATES',
  mail: 'AUDIT_SCREENS.WEB_SERVICES.AREA.TEMPLATES',
  deliveries: 'AUDIT_SCREENS.WEB_SERVICES.AREA.DELIVERIES',
  excel: 'AUDIT_SCREENS.WEB_SERVICES.AREA.DELIVERIES',
  compaction: 'AUDIT_SCREENS.WEB_SERVICES.AREA.COMPACTION',
  weatherforecast: 'AUDIT_SCREENS.WEB_SERVICES.AREA.WEATHER',
  units: 'AUDIT_SCREENS.WEB_SERVICES.AREA.UNITS',
  syncunits: 'AUDIT_SCREENS.WEB_SERVICES.AREA.UNITS',
  materials: 'AUDIT_SCREENS.WEB_SERVICES.AREA.MATERIALS',
  downloaduploadmaterials: 'AUDIT_SCREENS.WEB_SERVICES.AREA.MATERIALS',
  datasources: 'AUDIT_SCREENS.WEB_SERVICES.AREA.DATA_SOURCES',
  entities: 'AUDIT_SCREENS.WEB_SERVICES.AREA.DATA_SOURCES',
  grids: 'AUDIT_SCREENS.WEB_SERVICES.AREA.GRID_PAGES',
  menu: 'AUDIT_SCREENS.WEB_SERVICES.AREA.MENU',
  jobs: 'AUDIT_SCREENS.WEB_SERVICES.AREA.JOBS',
  viewwebservices: 'AUDIT_SCREENS.WEB_SERVICES.AREA.SYSTEM',
  routes: 'AUDIT_SCREENS.WEB_SERVICES.AREA.SYSTEM',
  logging: 'AUDIT_SCREENS.WEB_SERVICES.AREA.SYSTEM',
  check: 'AUDIT_SCREENS.WEB_SERVICES.AREA.SYSTEM',
  'openapi.json': 'AUDIT_SCREENS.WEB_SERVICES.AREA.SYSTEM',
  x: 'AUDIT_SCREENS.WEB_SERVICES.AREA.SYSTEM',
  reportaproblem: 'AUDIT_SCREENS.WEB_SERVICES.AREA.HELP',
};

/** Calls whose name says too little, by path: a sentence of their own. */
const ownWords: Readonly<Record<string, string>> = {
  '/api/auth/IsBBWT2AuthAvailable': 'AUDIT_SCREENS.WEB_SERVICES.CALL.IS_BBWT2_AUTH_AVAILABLE',
  '/api/auth/IsOktaUserNotFound': 'AUDIT_SCREENS.WEB_SERVICES.CALL.IS_OKTA_USER_NOT_FOUND',
  '/api/auth/IsOktaUser': 'AUDIT_SCREENS.WEB_SERVICES.CALL.IS_OKTA_USER',
  '/api/auth/IsSignedUpWithFederation':
    'AUDIT_SCREENS.WEB_SERVICES.CALL.IS_SIGNED_UP_WITH_FEDERATION',
  '/api/auth': 'AUDIT_SCREENS.WEB_SERVICES.CALL.AUTH',
  '/api/auth/permissions': 'AUDIT_SCREENS.WEB_SERVICES.CALL.AUTH_PERMISSIONS',
  '/api/check/:check': 'AUDIT_SCREENS.WEB_SERVICES.CALL.CHECK',
  '/api/x/upload': 'AUDIT_SCREENS.WEB_SERVICES.CALL.UPLOAD',
  '/api/openapi.json': 'AUDIT_SCREENS.WEB_SERVICES.CALL.OPENAPI',
  '/api/routes': 'AUDIT_SCREENS.WEB_SERVICES.CALL.ROUTES',
  '/odata/:entitySet': 'AUDIT_SCREENS.WEB_SERVICES.CALL.ODATA_ANY',
};

/** `GetUserById` as `get user by id`, `IsBBWT2AuthAvailable` as `is BBWT2 auth available`. */
export function nameInWords(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .split(' ')
    .filter(Boolean)
    .map((word) => (/^[A-Z][a-z]*$/.test(word) ? word.toLowerCase() : word))
    .join(' ');
}

/** Words a call's name starts with that already say what it does. */
const verbs =
  /^(get|save|delete|update|create|send|set|assign|apply|import|export|preview|recover|register|change|confirm|reset|calculate|suggest|can|is|amend|run|download|upload|capture|login|logout)\b/;

/** What a method does when the name does not say it. */
const methodWords: Readonly<Record<string, string>> = {
  GET: 'AUDIT_SCREENS.WEB_SERVICES.DOES.READ',
  POST: 'AUDIT_SCREENS.WEB_SERVICES.DOES.SEND',
  PUT: 'AUDIT_SCREENS.WEB_SERVICES.DOES.SAVE',
  PATCH: 'AUDIT_SCREENS.WEB_SERVICES.DOES.CHANGE',
  DELETE: 'AUDIT_SCREENS.WEB_SERVICES.DOES.DELETE',
};

/** The words describing a call (`GET`, `/api/users/GetUserById/:id`), translated by `t`. */
export function webServiceDescription(
  method: string,
  path: string,
  t: (key: string) => string,
): string {
  const segments = path.split('/').filter(Boolean);
  const isOData = segments[0] === 'odata';
  const area = t(
    isOData
      ? 'AUDIT_SCREENS.WEB_SERVICES.AREA.LISTS'
      : (areas[segments[1]?.toLowerCase() ?? ''] ?? 'AUDIT_SCREENS.WEB_SERVICES.AREA.SYSTEM'),
  );
  const own = ownWords[path];
  if (own) return `${area}: ${t(own)}`;
  const named = [...segments].reverse().find((segment) => !segment.startsWith(':'));
  const action = named && named !== segments[1] && !isOData ? nameInWords(named) : '';
  if (verbs.test(action)) return `${area}: ${action}`;
  const doing = t(methodWords[method] ?? 'AUDIT_SCREENS.WEB_SERVICES.DOES.SEND');
  return action ? `${area}: ${doing} ${action}` : `${area}: ${doing}`;
}
