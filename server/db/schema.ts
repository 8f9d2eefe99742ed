import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Timestamps come back as Date and may be written as Date or ISO text. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface SettingsTable {
  key: string;
  value: unknown;
  updatedAt: Timestamp;
}

export interface LanguagesTable {
  id: string;
  name: string;
  angularCulture: string;
  kendoCulture: string;
  lastUpdated: Timestamp;
  version: Generated<number>;
}

export interface TranslationKeysTable {
  key: string;
  defaultText: string;
}

export interface TranslationsTable {
  languageId: string;
  key: string;
  text: string;
}

export interface MenuItemsTable {
  languageId: string;
  id: number;
  name: string;
  url: string | null;
  parentId: number | null;
  order: number;
}

export interface ProblemReportsTable {
  id: Generated<number>;
  errorLog: string;
  previousPage: string | null;
  severity: string;
  time: string;
  reporterId: number | null;
  email: string | null;
  name: string | null;
  language: string | null;
  userAgent: string | null;
  ip: string | null;
  createdAt: Generated<Date>;
  mailedAt: Date | null;
}

/** The one description of the database; every query's types are inferred from it. */
export interface Database {
  jobs: JobsTable;
  jobRuns: JobRunsTable;
  settings: SettingsTable;
  languages: LanguagesTable;
  translationKeys: TranslationKeysTable;
  translations: TranslationsTable;
  menuItems: MenuItemsTable;
  problemReports: ProblemReportsTable;
  permissions: PermissionsTable;
  roles: RolesTable;
  rolePermissions: RolePermissionsTable;
  roleDelegations: RoleDelegationsTable;
  companies: CompaniesTable;
  groups: GroupsTable;
  users: UsersTable;
  userRoles: UserRolesTable;
  userGroups: UserGroupsTable;
  sessions: SessionsTable;
  loginFailures: LoginFailuresTable;
  loginAudit: LoginAuditTable;
  usedCaptchas: UsedCaptchasTable;
  companyContacts: CompanyContactsTable;
  outbox: OutboxTable;
  emailTemplates: EmailTemplatesTable;
  accountTickets: AccountTicketsTable;
  dataSources: DataSourcesTable;
  gridPages: GridPagesTable;
  changeLogs: ChangeLogsTable;
  units: UnitsTable;
  materials: MaterialsTable;
  userUnits: UserUnitsTable;
  deliveries: DeliveriesTable;
  weatherSites: WeatherSitesTable;
  weatherForecasts: WeatherForecastsTable;
  weatherForecastFetches: WeatherForecastFetchesTable;
  postcodeOutcodes: PostcodeOutcodesTable;
}

export type ProblemReportRow = Selectable<ProblemReportsTable>;
export type NewProblemReport = Insertable<ProblemReportsTable>;

export interface PermissionsTable {
  id: number;
  code: string;
  name: string;
  isParameterised: Generated<boolean>;
  version: Generated<number>;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  isAdmin: Generated<boolean>;
  isParameterised: Generated<boolean>;
  version: Generated<number>;
}

export interface RolePermissionsTable {
  roleId: number;
  permissionId: number;
}

export interface RoleDelegationsTable {
  roleId: number;
  delegatedRoleId: number;
}

export interface CompaniesTable {
  id: Generated<number>;
  companyName: string;
  isParameterised: Generated<boolean>;
  version: Generated<number>;
}

export interface GroupsTable {
  id: Generated<number>;
  name: string;
  isQueryGroup: Generated<boolean>;
  version: Generated<number>;
}

export interface UsersTable {
  id: Generated<number>;
  name: string;
  firstName: Generated<string>;
  surname: Generated<string>;
  email: Generated<string>;
  passwordHash: string | null;
  active: Generated<boolean>;
  languageId: string | null;
  companyId: number | null;
  lastLoginAt: Date | null;
  /**
   * Null while a self-registered account waits for its address to be confirmed by the mailed
   * link; accounts made any other way count as confirmed from the start (the column default).
   */
  emailConfirmedAt: Generated<Date | null>;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
  version: Generated<number>;
}

export interface UserRolesTable {
  userId: number;
  roleId: number;
}

export interface UserGroupsTable {
  userId: number;
  groupId: number;
}

export interface SessionsTable {
  id: string;
  userId: number;
  remember: boolean;
  createdAt: Generated<Date>;
  lastSeenAt: Timestamp;
  expiresAt: Timestamp;
  revokedAt: Date | null;
  ip: string | null;
  userAgent: string | null;
}

export interface LoginFailuresTable {
  loginName: string;
  failedCount: number;
  lastFailedAt: Timestamp;
  lockedUntil: Date | null;
}

export interface LoginAuditTable {
  id: Generated<number>;
  userId: number | null;
  ip: string | null;
  email: string;
  loginTime: Generated<Date>;
  browser: string | null;
  browserVersion: string | null;
  platform: string | null;
  loginResult: string;
  httpMethod: string;
  fingerPrint: string | null;
  /** The identity provider of the attempt: `password`, `saml:<name>`, `oidc:<name>`. */
  provider: string;
  /** `SignIn`, or the account event recorded (`LoginAuditEvent`). */
  event: Generated<string>;
}

export interface UsedCaptchasTable {
  signature: string;
  expiresAt: Timestamp;
}

export interface CompanyContactsTable {
  id: Generated<number>;
  companyId: number;
  typeId: number;
  name: string;
  email: Generated<string>;
  phone: Generated<string>;
  position: Generated<number>;
}

export interface OutboxTable {
  id: Generated<number>;
  to: string;
  subject: string;
  html: string;
  text: string;
  templateCode: string | null;
  createdAt: Generated<Date>;
  sentAt: Date | null;
  attempts: Generated<number>;
  lastAttemptAt: Date | null;
  error: string | null;
}

export interface EmailTemplatesTable {
  id: Generated<number>;
  code: string;
  languageId: string;
  title: string;
  subject: string;
  body: string;
  isSystem: Generated<boolean>;
  /** `[{ Title, Notes }]`: the {{Parameters}} the template may use. */
  parameters: ColumnType<unknown, string | undefined, string>;
  version: Generated<number>;
}

/** reset and register set a password; confirm proves a self-registered e-mail address. */
export type TicketPurpose = 'reset' | 'register' | 'confirm';

export interface AccountTicketsTable {
  id: Generated<number>;
  tokenHash: string;
  userId: number;
  purpose: TicketPurpose;
  createdAt: Generated<Date>;
  expiresAt: Timestamp;
  usedAt: Date | null;
  /** The account's address when the link was mailed; the link works only while it still is. */
  email: string | null;
}

/** jsonb: written as JSON text or a value, read back parsed. */
type Json<T> = ColumnType<T, string, string>;

export interface DataSourcesTable {
  id: Generated<number>;
  name: string;
  isVirtual: Generated<boolean>;
  primaryKeyField: string;
  schemaDefinition: Json<Record<string, unknown>>;
  formDefinition: Json<Record<string, unknown> | null> | null;
  isSystem: Generated<boolean>;
  storage: Json<unknown> | null;
  permissions: Json<unknown> | null;
  entityType: string | null;
  api: Json<unknown> | null;
  uniqueFields: ColumnType<string[], string | undefined, string>;
  version: Generated<number>;
  /** The id the next column of a user table takes (ids are never reused). */
  nextFieldId: Generated<number>;
  /** Its row and field rules per role (`StoredAccessRules`); null: none. */
  accessRules: Json<unknown> | null;
}

export interface GridPagesTable {
  id: Generated<number>;
  pageTitle: string;
  dataSourceId: number;
  pkField: string;
  schemaDefinition: Json<Record<string, unknown> | null> | null;
  formDefinition: Json<Record<string, unknown> | null> | null;
  columns: ColumnType<unknown[], string | undefined, string>;
  actions: ColumnType<unknown[], string | undefined, string>;
  rowActions: ColumnType<unknown[], string | undefined, string>;
  pageSize: Generated<number>;
  defaultSort: ColumnType<unknown[], string | undefined, string>;
  defaultFilter: string | null;
  defaultFilterTitle: string | null;
  /** Column fields a narrow frame draws each row's card of, in order ([]: no cards). */
  cardFields: ColumnType<string[], string | undefined, string>;
  listUrl: string;
  detailUrl: string | null;
  isSystem: Generated<boolean>;
  systemDefinition: Json<unknown> | null;
  /** Who may see the page (a permission expression); '' leaves it to the data source's read. */
  permission: Generated<string>;
  version: Generated<number>;
}

export interface ChangeLogsTable {
  id: Generated<string>;
  entityType: string;
  entityId: string;
  dateTime: Generated<Date>;
  userId: number | null;
  userName: string;
  actionType: number;
  genericLog: string | null;
  changes: ColumnType<unknown[], string | undefined, string>;
}

export interface UnitsTable {
  id: Generated<number>;
  code: string;
  name: string;
  active: Generated<boolean>;
  latitude: number | null;
  longitude: number | null;
  postcode: string | null;
  version: Generated<number>;
}

export interface MaterialsTable {
  id: Generated<number>;
  code: string;
  name: string;
  active: Generated<boolean>;
  canAddEvotherm: Generated<boolean>;
  minMixTemp: number | null;
  maxMixTemp: number | null;
  mixType: Generated<'dense' | 'sma'>;
  stopTemperature: number | null;
  version: Generated<number>;
}

/** A delivery of hot asphalt from a unit to a site, with its computed state. */
export interface DeliveriesTable {
  id: Generated<number>;
  uniqueId1: string;
  uniqueId2: Generated<string>;
  uniqueId3: Generated<string>;
  outputTemperature: number;
  availableTimeForCompaction: number | null;
  evoThermAllowed: Generated<boolean>;
  state: Generated<string>;
  materialCode: string;
  materialName: string | null;
  materialId: number | null;
  soldToPartyId: string | null;
  soldToPartyName: string | null;
  unitId: number;
  shipToAddress: string | null;
  gridRef: string | null;
  mileage: Generated<number>;
  orderQuantity: number | null;
  /** `YYYY-MM-DD`; the pg driver is told to answer dates as text. */
  deliveryDate: ColumnType<string, string, string>;
  startTime0: Timestamp;
  startTime: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  endTime: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  time: string | null;
  latitude: number | null;
  longitude: number | null;
  locationSource: string | null;
  siteName: string | null;
  thickness: Generated<number>;
  weatherForecastAsHtml: string | null;
  weatherForecastTemperature: number | null;
  windSpeed: number | null;
  weatherSiteId: number | null;
  weatherSiteDistanceKm: number | null;
  stateReasonCode: string | null;
  stateReasonParams: unknown;
  stateReason: string | null;
  stateNeededMinutes: number | null;
  stateModelVersion: string | null;
  stateInputs: unknown;
  stateComputedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  stateForecastFetchedAt: ColumnType<
    Date | null,
    Date | string | null | undefined,
    Date | string | null
  >;
  createdAt: Generated<Date>;
  version: Generated<number>;
}

export interface UserUnitsTable {
  userId: number;
  unitId: number;
}

/** A forecast site; the id is the place's GeoNames id. */
export interface WeatherSitesTable {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
  active: Generated<boolean>;
  createdAt: Generated<Date>;
}

/** One cached forecast hour of a site, in the units of `ForecastHour`. */
export interface WeatherForecastsTable {
  siteId: number;
  time: Timestamp;
  airTemperature: number;
  windSpeedKmh: number;
  windGustKmh: number | null;
  windDirection: number | null;
  cloudCoverPercent: number | null;
  shortwaveRadiation: number | null;
  precipitationProbability: number | null;
  precipitationMm: number | null;
  weatherCode: number | null;
  weatherText: string;
}

/** A site's last good forecast fetch, last attempt and error. */
export interface WeatherForecastFetchesTable {
  siteId: number;
  provider: string | null;
  fetchedAt: Date | null;
  lastAttemptAt: Date | null;
  lastError: string | null;
  requestedAt: Date | null;
}

/** A postcode district's centroid, imported from an open dataset (ONS, OS Code-Point Open). */
export interface PostcodeOutcodesTable {
  outcode: string;
  latitude: number;
  longitude: number;
  importedAt: Generated<Date>;
}

/** A recurring job as its administrator left it. */
export interface JobsTable {
  name: string;
  /** Cron, five fields, in `timeZone`. */
  schedule: string;
  timeZone: string;
  enabled: boolean;
  updatedAt: Generated<Date>;
  updatedBy: number | null;
}

/** One run of a job. */
export interface JobRunsTable {
  id: Generated<string>;
  jobName: string;
  queueJobId: string | null;
  /** `schedule`, `manual` or `retry`. */
  trigger: string;
  /** `queued`, `running`, `succeeded`, `failed` or `interrupted`. */
  state: string;
  queuedAt: Generated<Date>;
  startedAt: Date | null;
  endedAt: Date | null;
  durationMs: number | null;
  rowCount: number | null;
  progressDone: number | null;
  progressTotal: number | null;
  message: string | null;
  requestedBy: number | null;
  retryOf: string | null;
}
