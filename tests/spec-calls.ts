/**
 * Every server call named in the two specifications (`../shared/spec/deliveries.md` and
 * `../shared/spec/administration.md`, section 7 "The calls it makes"), with the method and the
 * path exactly as the spec writes them, and whether this server serves it yet.
 *
 * `tests/integration/spec-coverage.test.ts` calls each one: a `built` call must be answered by a
 * route (any status but the router's 404), a `pending` call must still be unserved. When a
 * call is built, flip its status here; the test says which.
 *
 * Where the spec shortens a list ("GET api/units/GetUnits, GetUnitById/{id}"), `path` is the
 * full path the shortened name stands for and `written` is the spec's own text. A call named
 * twice in one spec is listed once (its `note` says where else).
 */

export type SpecName = 'deliveries' | 'administration';
export type SpecMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type SpecCallStatus = 'built' | 'pending';

export interface SpecCall {
  method: SpecMethod;
  /** As written in the spec: its casing, placeholders (`{id}`) and query (`?name=`). */
  path: string;
  spec: SpecName;
  /** Where the spec names it: section 7 and its sub-heading. */
  section: string;
  status: SpecCallStatus;
  /** The spec gives no method; this one is inferred from context. */
  methodInferred?: true;
  /** A concrete URL for the test, when `path` has placeholders (`{id}` becomes a real value). */
  sample?: string;
  /** The spec's own text, when it shortens the path (a name after a comma, `.../data`). */
  written?: string;
  note?: string;
}

type Extra = Pick<SpecCall, 'methodInferred' | 'sample' | 'written' | 'note'>;

const callsOf =
  (spec: SpecName, section: string) =>
  (method: SpecMethod, path: string, status: SpecCallStatus, extra: Extra = {}): SpecCall => ({
    method,
    path,
    spec,
    section,
    status,
    ...extra,
  });

/** An id no row has: delete-like calls are made with it, so they change nothing. */
export const absentId = 999999;

// deliveries.md --------------------------------------------------------------------------------

const del = callsOf('deliveries', '7. The calls it makes');

const deliveriesCalls: SpecCall[] = [
  del('POST', 'api/auth/permissions', 'built'),
  del('POST', 'api/auth/login', 'built'),
  del('POST', 'api/auth/LoginWithRecaptcha', 'built'),
  del('POST', 'api/auth/logout', 'built'),
  del('GET', 'odata/DeliveriesOData/CentreService.GetDeliveriesForCurrentUser', 'built'),
  del('GET', 'api/Deliveries/GetDeliveryById/{id}', 'built', {
    sample: `api/Deliveries/GetDeliveryById/${absentId}`,
  }),
  del('POST', 'api/Deliveries/SetNewState', 'built'),
  del('POST', 'api/Deliveries/SaveDelivery', 'built'),
  del('POST', 'api/Deliveries/DeleteAll', 'built', {
    note: 'Body not shown; called with {} and must never delete anything in the test.',
  }),
  del('POST', 'api/deliveries/AmendSelected', 'built'),
  del('POST', 'api/deliveries/CanAmendSelected', 'built'),
  del('POST', 'api/Excel/ExportDeliveries', 'built'),
  del('POST', 'api/Excel/GetMultimatchFile', 'built'),
  del('POST', 'api/Excel/GetNomatchFile', 'built'),
  del('GET', 'api/WeatherForecast/GetGeolocationByPostcode', 'built', {
    note: 'Query postcode; the test leaves it out (400) so that no lookup leaves the machine.',
  }),
  del('GET', 'api/WeatherForecast/GetNearest', 'built'),
  del('GET', 'api/WeatherForecast/GetNNearest', 'built', { written: 'GetNNearest' }),
  del('GET', 'api/WeatherForecast/GetWeatherForecast', 'built', {
    note: 'Query siteId; left out in the test (400) so that no provider is asked.',
  }),
  del('GET', 'api/WeatherForecast/GetOpenWeatherMapWeatherForecastByCoord', 'built', {
    note: 'Query latitude, longitude; left out in the test (400) so that no provider is asked.',
  }),
  del('GET', 'api/orders/GetOrders', 'pending'),
  del('POST', 'api/orders/SaveOrders', 'pending'),
  del('POST', 'api/orders/RemoveOrder', 'pending', { written: 'RemoveOrder' }),
  del('POST', 'api/orders/CreateOrders', 'pending', { written: 'CreateOrders' }),
  del('POST', 'api/orders/UpdateOrders', 'pending', { written: 'UpdateOrders' }),
  del('GET', 'api/tests/GetInputFileExistsFlag', 'pending'),
  del('GET', 'api/tests/IsUploadFinished', 'pending'),
  del('POST', 'api/Tests/UpdateAll', 'pending'),
  del('POST', 'api/Tests/CreateNewFileDeleteAllUploadAll', 'pending', {
    written: 'CreateNewFileDeleteAllUploadAll',
  }),
  del('POST', 'api/Tests/{name}', 'pending', { sample: 'api/Tests/SampleTestName' }),
  del('POST', 'api/reportaproblem/send', 'built'),
];

// administration.md ----------------------------------------------------------------------------

const auth = callsOf('administration', '7. Authentication and session');
const users = callsOf('administration', '7. Users');
const companies = callsOf('administration', '7. Companies');
const groups = callsOf('administration', '7. Groups');
const roles = callsOf('administration', '7. Roles');
const permissions = callsOf('administration', '7. Permissions');
const units = callsOf('administration', '7. Units');
const materials = callsOf('administration', '7. Materials');
const languages = callsOf('administration', '7. Languages');
const templates = callsOf('administration', '7. Templates');
const menu = callsOf('administration', '7. Menu');
const settings = callsOf('administration', '7. Settings');
const changeLog = callsOf('administration', '7. Change log');
const reports = callsOf('administration', '7. Reports');
const audit = callsOf('administration', '7. Audit, web services');
const sqlBrowser = callsOf('administration', '7. SQL browser');
const demo = callsOf('administration', '7. Demo and orders');
const designs = callsOf('administration', '7. User-defined grids and data sources');
const tests = callsOf('administration', '7. Tests and problem report');

const administrationCalls: SpecCall[] = [
  auth('POST', 'api/auth/permissions', 'built'),
  auth('POST', 'api/auth/login', 'built'),
  auth('POST', 'api/auth/LoginWithRecaptcha', 'built'),
  auth('POST', 'api/auth/logout', 'built'),
  auth('GET', 'api/auth/IsBBWT2AuthAvailable', 'built'),
  auth('GET', 'api/auth/IsOktaUserNotFound', 'built', { written: 'IsOktaUserNotFound' }),
  auth('GET', 'api/auth/IsOktaUser', 'built', { written: 'IsOktaUser' }),
  auth('GET', 'api/auth/IsSignedUpWithFederation', 'built', {
    written: 'IsSignedUpWithFederation',
  }),
  auth('GET', '/saml2/signin', 'pending', {
    methodInferred: true,
    note: 'A browser redirect ("Redirect to /saml2/signin"), so a GET.',
  }),

  users('GET', 'api/users/GetCurrentUser', 'built'),
  users('GET', 'api/users/GetAllUsers', 'built', { written: 'GetAllUsers' }),
  users('GET', 'api/users/GetCurrentUserId', 'built', { written: 'GetCurrentUserId' }),
  users('GET', 'api/users/GetUserById/{id}', 'built', {
    written: 'GetUserById/{id}',
    sample: `api/users/GetUserById/${absentId}`,
  }),
  users('GET', 'api/users/GetDefaultAdminLanguage', 'built', {
    written: 'GetDefaultAdminLanguage',
  }),
  users('GET', 'api/users/GetUserByTicket/{ticket}', 'built', {
    written: 'GetUserByTicket/{ticket}',
    sample: 'api/users/GetUserByTicket/no-such-ticket',
  }),
  users('GET', 'api/users/DeleteUser/{id}', 'built', {
    written: 'DeleteUser/{id}',
    sample: `api/users/DeleteUser/${absentId}`,
  }),
  users('GET', 'api/Users/GetUserSettings/{id}', 'built', {
    sample: `api/Users/GetUserSettings/${absentId}`,
  }),
  users('POST', 'api/users/SaveUser', 'built'),
  users('POST', 'api/users/SendPasswordResetByAdmin', 'built'),
  users('POST', 'api/users/AssignUsersToRole', 'built'),
  users('POST', 'api/users/AssignUsersToGroup', 'built'),
  users('POST', 'api/Users/RecoverPassword', 'built'),
  users('POST', 'api/Users/UpdateUser', 'built'),
  users('POST', 'api/Users/ChangePassword', 'built'),
  users('POST', 'api/Users/RegisterUser', 'built'),
  users('POST', 'api/users/ResetRegisterTicket/', 'built'),
  users('GET', 'odata/UsersOData', 'built'),

  companies('GET', '/api/companies/GetAllCompanies', 'built'),
  companies('GET', '/api/company', 'built'),
  companies('GET', 'api/companies/GetCompanyById/{id}', 'built', {
    sample: `api/companies/GetCompanyById/${absentId}`,
  }),
  companies('GET', 'api/companies/DeleteCompany/{id}', 'built', {
    sample: `api/companies/DeleteCompany/${absentId}`,
  }),
  companies('GET', 'api/companies/Contacts', 'built'),
  companies('GET', 'odata/CompaniesOData', 'built'),
  companies('POST', 'api/companies/SaveCompany', 'built'),
  companies('POST', '/api/company', 'built'),
  companies('POST', '/api/companies/users', 'built'),
  companies('POST', 'api/Companies/RegisterCompany', 'pending'),

  groups('GET', 'api/groups/GetAllGroups', 'built'),
  groups('GET', 'api/groups/GetGroupById/{id}', 'built', {
    written: 'GetGroupById/{id}',
    sample: `api/groups/GetGroupById/${absentId}`,
  }),
  groups('GET', 'api/groups/DeleteGroup/{id}', 'built', {
    written: 'DeleteGroup/{id}',
    sample: `api/groups/DeleteGroup/${absentId}`,
  }),
  groups('GET', 'odata/GroupsOData', 'built'),
  groups('POST', 'api/groups/SaveGroup', 'built'),

  roles('GET', 'api/roles/GetDeledatedRoles/{id}', 'built', {
    sample: `api/roles/GetDeledatedRoles/${absentId}`,
    note: '"Deledated" is the legacy client\'s spelling; GetDelegatedRoles is served too.',
  }),
  roles('GET', 'api/roles/GetDeledatedRoles', 'built', { written: 'GetDeledatedRoles' }),
  roles('GET', 'api/roles/GetFullListOfRoles', 'built', { written: 'GetFullListOfRoles' }),
  roles('GET', 'api/roles/GetAllRoles', 'built', { written: 'GetAllRoles' }),
  roles('GET', 'api/roles/GetDelegatedRolesByUserId/{id}', 'built', {
    written: 'GetDelegatedRolesByUserId/{id}',
    sample: `api/roles/GetDelegatedRolesByUserId/${absentId}`,
  }),
  roles('GET', 'api/roles/GetRolesByUserId/{id}', 'built', {
    written: 'GetRolesByUserId/{id}',
    sample: `api/roles/GetRolesByUserId/${absentId}`,
  }),
  roles('GET', 'api/roles/GetRoleById/{id}', 'built', {
    written: 'GetRoleById/{id}',
    sample: `api/roles/GetRoleById/${absentId}`,
  }),
  roles('GET', 'api/roles/DeleteRole/{id}', 'built', {
    written: 'DeleteRole/{id}',
    sample: `api/roles/DeleteRole/${absentId}`,
  }),
  roles('GET', 'api/roles/GetRolePermissions', 'built', { written: 'GetRolePermissions' }),
  roles('GET', 'odata/RolesOData', 'built'),
  roles('POST', 'api/Roles/SaveRole', 'built'),
  roles('PUT', 'api/Roles/UpdateDelegatedRoles/{id}', 'built', {
    sample: `api/Roles/UpdateDelegatedRoles/${absentId}`,
  }),

  permissions('GET', 'api/permissions/GetAllPermissions', 'built'),
  permissions('GET', 'api/permissions/GetPermissionById/{id}', 'built', {
    written: 'GetPermissionById/{id}',
    sample: `api/permissions/GetPermissionById/${absentId}`,
  }),
  permissions('GET', 'api/permissions/DeletePermission/{id}', 'built', {
    written: 'DeletePermission/{id}',
    sample: `api/permissions/DeletePermission/${absentId}`,
  }),
  permissions('GET', 'api/permissions/GetRoutePermissions', 'built', {
    written: 'GetRoutePermissions',
  }),
  permissions('GET', 'odata/PermissionsOData', 'built'),
  permissions('POST', 'api/permissions/SavePermission', 'built'),

  units('GET', 'api/units/GetUnits', 'built'),
  units('GET', 'api/units/GetUnitById/{id}', 'built', {
    written: 'GetUnitById/{id}',
    sample: `api/units/GetUnitById/${absentId}`,
  }),
  units('GET', 'odata/UnitsOData', 'built', { note: 'The generic GET /odata/:entitySet.' }),
  units('GET', 'api/syncunits/GetSyncUnits', 'built'),
  units('POST', 'api/units/SaveUnit', 'built'),

  materials('GET', 'api/materials/GetMaterialById/{id}', 'built', {
    sample: `api/materials/GetMaterialById/${absentId}`,
  }),
  materials('GET', 'api/materials/GetMaterialByCodeIfExists', 'built', {
    written: 'GetMaterialByCodeIfExists (code, id)',
    sample: 'api/materials/GetMaterialByCodeIfExists?code=NO%20SUCH%20CODE&id=0',
  }),
  materials('GET', 'odata/MaterialsOData', 'built', { note: 'The generic GET /odata/:entitySet.' }),
  materials('GET', 'api/downloaduploadmaterials/download', 'built', {
    note: 'Query includeInactiveMaterials.',
  }),
  materials('POST', 'api/materials/SaveMaterial', 'built'),
  materials('POST', 'api/downloaduploadmaterials/save', 'built', { note: 'A file upload.' }),

  languages('GET', 'odata/LanguagesOData', 'built', {
    note: 'The generic GET /odata/:entitySet (ManageLanguages); users pick from GetLanguages.',
  }),
  languages('GET', 'api/Language/GetAvailableAngularCultures', 'built'),
  languages('GET', 'api/Language/GetAvailableKendoCultures', 'built', {
    written: 'GetAvailableKendoCultures',
  }),
  languages('GET', 'api/Language/GetTranslationsByLanguage', 'built', {
    written: 'GetTranslationsByLanguage (language)',
    sample: 'api/Language/GetTranslationsByLanguage?language=en-gb',
    note: 'The browser translation file is GET api/Language/translations/{language}, not this.',
  }),
  languages('GET', 'api/Language/ExportLanguage', 'built', {
    written: 'ExportLanguage (code)',
    sample: 'api/Language/ExportLanguage?code=en-gb',
  }),
  languages('POST', 'api/Language/DeleteLanguage', 'built', {
    note: 'Body {Id}; called with {} in the test.',
  }),
  languages('POST', 'api/Language/CreateLanguage', 'built', { written: 'CreateLanguage' }),
  languages('POST', 'api/Language/UpdateFakeLocalization', 'built', {
    written: 'UpdateFakeLocalization',
  }),
  languages('PUT', 'api/Language/UpdateTranslations', 'built'),
  languages('POST', 'api/Language/ImportLanguage', 'built', {
    note: 'Query code; a .csv upload.',
  }),

  templates('GET', 'api/EmailTemplate/GetTemplateById/{id}', 'built', {
    sample: `api/EmailTemplate/GetTemplateById/${absentId}?language=en-gb`,
  }),
  templates('GET', 'api/EmailTemplate/DeleteTemplate/{id}', 'built', {
    written: 'DeleteTemplate/{id}',
    sample: `api/EmailTemplate/DeleteTemplate/${absentId}`,
  }),
  templates('GET', 'odata/TemplatesOData', 'built'),
  templates('POST', 'api/EmailTemplate/SaveTemplate', 'built'),

  menu('GET', 'api/menu/GetMenu', 'built', {
    written: 'api/menu/GetMenu (language)',
    sample: 'api/menu/GetMenu?language=en-gb',
  }),
  menu('POST', 'api/menu/SaveMenu', 'built', {
    note: 'Called with {} in the test (400, MenuItems required): it never replaces the menu.',
  }),
  menu('GET', 'odata/GridPagesOData', 'built', {
    note: 'The generic GET /odata/:entitySet. Named again under User-defined grids.',
  }),

  settings('POST', 'api/settings/load', 'built'),
  settings('POST', 'api/settings/save', 'built'),
  settings('GET', 'api/settings/GetPasswordSettings', 'built'),
  settings('GET', 'api/settings/GetRecaptchaSettings', 'built', {
    written: 'GetRecaptchaSettings',
  }),
  settings('POST', 'api/settings/TestEmailSettings', 'built'),

  changeLog('GET', 'api/changelog/GetChangeLogs', 'built', {
    written: 'api/changelog/GetChangeLogs (entityType, entityId)',
    sample: `api/changelog/GetChangeLogs?entityType=Unit&entityId=${absentId}`,
  }),
  changeLog('GET', 'api/changelog/GetAllChangeLogs', 'built', { written: 'GetAllChangeLogs' }),
  changeLog('GET', 'api/changelog/GetActionTypes', 'built', { written: 'GetActionTypes' }),
  changeLog('GET', 'odata/ChangeLogsOData', 'built', {
    note: 'The generic GET /odata/:entitySet.',
  }),
  changeLog('POST', 'api/changelog/SaveChangeLog', 'built'),

  reports('GET', 'api/reports/GetReportInfo?name=', 'pending', {
    sample: 'api/reports/GetReportInfo?name=No%20such%20report',
  }),
  reports('GET', 'api/reports/GetReportInfoById?id=', 'pending', {
    written: 'GetReportInfoById?id=',
    sample: `api/reports/GetReportInfoById?id=${absentId}`,
  }),
  reports('GET', 'api/reports/GetReportParameters?reportPath=', 'pending', {
    written: 'GetReportParameters?reportPath=',
    sample: 'api/reports/GetReportParameters?reportPath=%2FNo%20such%20report',
  }),
  reports('GET', 'api/reports/DeleteReport?name=', 'pending', {
    written: 'DeleteReport?name=',
    sample: 'api/reports/DeleteReport?name=No%20such%20report',
  }),
  reports('POST', 'api/reports/SaveReport', 'pending'),
  reports('POST', 'api/Reports/RefreshReportParameters', 'pending'),
  reports('POST', 'api/Reports/Import?overwrite=', 'pending', {
    sample: 'api/Reports/Import?overwrite=false',
    note: 'A .rdl upload.',
  }),
  reports('GET', 'Reports/Viewer?executionParameters=', 'pending', {
    methodInferred: true,
    sample: 'Reports/Viewer?executionParameters=%7B%7D',
    note: '"The viewer loads" it: a page load, so a GET.',
  }),
  reports('GET', 'odata/ReportsOData', 'pending'),

  audit('GET', 'odata/UserLoginAuditTrackingOData', 'built'),
  audit('GET', 'api/UserLoginAuditChart/GetChartData?groupBy=', 'built', {
    sample: 'api/UserLoginAuditChart/GetChartData?groupBy=hour',
  }),
  audit('GET', '/api/ViewWebservices/GetViewWebservices', 'built'),

  sqlBrowser('GET', 'api/sqlbrowser/GetDatabases', 'pending'),
  sqlBrowser('GET', 'api/sqlbrowser/GetTables?dbname=', 'pending', {
    written: 'GetTables?dbname=',
    sample: 'api/sqlbrowser/GetTables?dbname=none',
  }),
  sqlBrowser('GET', 'api/sqlbrowser/GetColumns?dbname=&tablename=', 'pending', {
    written: 'GetColumns?dbname=&tablename=',
    sample: 'api/sqlbrowser/GetColumns?dbname=none&tablename=none',
  }),
  sqlBrowser('POST', 'api/sqlbrowser/RunQuery', 'pending'),

  demo('GET', 'api/demo/GetAllCustomers', 'pending'),
  demo('GET', 'api/demo/GetOrderHeader/{id}', 'pending', {
    written: 'GetOrderHeader/{id}',
    sample: `api/demo/GetOrderHeader/${absentId}`,
  }),
  demo('GET', 'api/demo/GetOrderItems/{id}', 'pending', {
    written: 'GetOrderItems/{id}',
    sample: `api/demo/GetOrderItems/${absentId}`,
  }),
  demo('POST', 'api/OrdersNorthwind/RunQueryOrderNorthwind', 'pending'),
  demo('POST', 'api/OrdersNorthwind/RunQueryOrderDetailNorthwind', 'pending', {
    written: 'RunQueryOrderDetailNorthwind',
  }),
  demo('POST', 'api/OrdersNorthwind/RunQueryOrdersNorthwind', 'pending', {
    written: 'RunQueryOrdersNorthwind',
  }),
  demo('GET', 'api/orders/GetOrders', 'pending'),
  demo('POST', 'api/orders/SaveOrders', 'pending'),
  demo('POST', 'api/orders/RemoveOrder', 'pending', { written: 'RemoveOrder' }),
  demo('POST', 'api/orders/CreateOrders', 'pending', { written: 'CreateOrders' }),
  demo('POST', 'api/orders/UpdateOrders', 'pending', { written: 'UpdateOrders' }),
  demo('GET', 'odata/OrdersOData', 'pending'),
  demo('GET', 'odata/TestProductsOData', 'pending'),

  designs('GET', 'api/grids/{id}', 'built', { sample: 'api/grids/1' }),
  designs('POST', 'api/grids', 'built'),
  designs('PUT', 'api/grids', 'built'),
  designs('DELETE', 'api/grids/{id}', 'built', { sample: `api/grids/${absentId}` }),
  designs('GET', 'api/dataSources/{id}', 'built', { sample: 'api/dataSources/1' }),
  designs('GET', 'api/dataSources/{id}/fields', 'built', { sample: 'api/dataSources/1/fields' }),
  designs('GET', 'odata/DataSourcesOData', 'built', {
    note: 'The generic GET /odata/:entitySet.',
  }),
  designs('POST', 'api/dataSources', 'built', { written: 'POST and PUT api/dataSources' }),
  designs('PUT', 'api/dataSources', 'built', { written: 'POST and PUT api/dataSources' }),
  designs('DELETE', 'api/dataSources/{id}', 'built', { sample: `api/dataSources/${absentId}` }),
  designs('GET', 'api/dataSources/{id}/data', 'built', { sample: 'api/dataSources/1/data' }),
  designs('GET', 'api/dataSources/{id}/data/{rowId}', 'built', {
    written: '.../data/{rowId}',
    sample: `api/dataSources/1/data/${absentId}`,
  }),
  designs('POST', 'api/dataSources/{id}/data', 'built', {
    written: 'POST and PUT .../data',
    sample: 'api/dataSources/1/data',
  }),
  designs('PUT', 'api/dataSources/{id}/data', 'built', {
    written: 'POST and PUT .../data',
    sample: 'api/dataSources/1/data',
  }),
  designs('DELETE', 'api/dataSources/{id}/data/{rowId}', 'built', {
    written: 'DELETE .../data/{rowId}',
    sample: `api/dataSources/1/data/${absentId}`,
  }),
  designs('POST', '/api/check/IsUnique{field}', 'built', { sample: '/api/check/IsUniqueName' }),

  tests('GET', 'api/tests/GetInputFileExistsFlag', 'pending'),
  tests('GET', 'api/tests/IsUploadFinished', 'pending', { written: 'IsUploadFinished' }),
  tests('POST', 'api/Tests/UpdateAll', 'pending'),
  tests('POST', 'api/Tests/CreateNewFileDeleteAllUploadAll', 'pending', {
    written: 'CreateNewFileDeleteAllUploadAll',
  }),
  tests('POST', 'api/Tests/{name}', 'pending', { sample: 'api/Tests/SampleTestName' }),
  tests('POST', 'api/reportaproblem/send', 'built'),
];

/** Every call the two specs name, deliveries.md first. */
export const specCalls: readonly SpecCall[] = [...deliveriesCalls, ...administrationCalls];

/**
 * What the specs say the client fetches without naming a path; nothing to call, listed so
 * the gauge does not pretend they are absent.
 */
export const callsWithoutPath: readonly { spec: SpecName; section: string; text: string }[] = [
  {
    spec: 'deliveries',
    section: '7. The calls it makes',
    text: 'GET filter-value list endpoints (query ShowPast); exact paths not shown',
  },
  {
    spec: 'administration',
    section: '7. Languages',
    text: 'Translation files per language with a cache-busting timestamp; locale files',
  },
  {
    spec: 'administration',
    section: '7. Settings',
    text: 'Feedback settings from a settings service (a Feedback object); path not shown',
  },
  {
    spec: 'administration',
    section: '7. Start-up files',
    text: 'GET of the routes definition list (no cache): name, route, Permission, InstantTranslation',
  },
  {
    spec: 'administration',
    section: '7. Start-up files',
    text: 'GET of HTML template files with a version query parameter (163)',
  },
  {
    spec: 'administration',
    section: '7. Start-up files',
    text: 'A logging service that records exceptions; path not shown',
  },
];
