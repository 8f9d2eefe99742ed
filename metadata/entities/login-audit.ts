import type { FromSchema } from 'json-schema-to-ts';
import type { EntityDefinition } from '../engine/definitions';
import { column } from '../engine/parts';

const text = (title: string) => ({ type: ['string', 'null'], title }) as const;

/**
 * What a login audit entry records: a sign-in attempt, or an account event done from a browser
 * (its own password changed, a password set by a mailed ticket, its own profile updated, a user
 * saved by a user manager), each with the browser's `FingerPrint`.
 */
export const loginAuditEvents = [
  'SignIn',
  'PasswordChanged',
  'PasswordReset',
  'ProfileUpdated',
  'UserSaved',
] as const;
export type LoginAuditEvent = (typeof loginAuditEvents)[number];

/**
 * One sign-in attempt (administration spec 3) or account event; `LoginResult` is empty for a
 * success. Beyond the spec: `Provider`, the identity provider of the attempt (`password`,
 * `saml:<name>`, ...); `Event`; and `FingerPrint`, the browser's stable hash of its traits.
 */
export const loginAuditSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Id', 'Email', 'LoginTime', 'LoginResult', 'HttpMethod', 'Provider', 'Event'],
  properties: {
    Id: { type: 'integer', title: 'ENTITY.ID', readOnly: true },
    UserId: { type: ['integer', 'null'], title: 'ENTITY.LOGIN_AUDIT.USER_ID' },
    IP: text('ENTITY.LOGIN_AUDIT.IP'),
    Email: { type: 'string', title: 'ENTITY.LOGIN_AUDIT.EMAIL' },
    LoginTime: { type: 'string', format: 'date-time', title: 'ENTITY.LOGIN_AUDIT.LOGIN_TIME' },
    Browser: text('ENTITY.LOGIN_AUDIT.BROWSER'),
    BrowserVersion: text('ENTITY.LOGIN_AUDIT.BROWSER_VERSION'),
    Platform: text('ENTITY.LOGIN_AUDIT.PLATFORM'),
    LoginResult: { type: 'string', title: 'ENTITY.LOGIN_AUDIT.LOGIN_RESULT' },
    HttpMethod: { type: 'string', title: 'ENTITY.LOGIN_AUDIT.HTTP_METHOD' },
    Provider: { type: 'string', title: 'ENTITY.LOGIN_AUDIT.PROVIDER' },
    Event: { type: 'string', enum: loginAuditEvents, title: 'ENTITY.LOGIN_AUDIT.EVENT' },
    FingerPrint: text('ENTITY.LOGIN_AUDIT.FINGER_PRINT'),
    User_FullName: text('ENTITY.LOGIN_AUDIT.USER_FULL_NAME'),
  },
} as const;

export type LoginAuditEntry = FromSchema<typeof loginAuditSchema>;

/** Groupings of the login chart, the first being the default (spec 9: "starts at hour"). */
export const loginChartGroupings = ['hour', 'day', 'week', 'month'] as const;
export type LoginChartGrouping = (typeof loginChartGroupings)[number];

/** How many buckets, ending with the current one, the chart shows per grouping. */
export const loginChartBuckets: Readonly<Record<LoginChartGrouping, number>> = {
  hour: 24,
  day: 30,
  week: 12,
  month: 12,
};

/** One bucket of the login chart: its start (UTC, ISO) and the attempts in it. */
export const loginChartRowSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Dt', 'Succeed', 'Failed'],
  properties: {
    Dt: { type: 'string', format: 'date-time' },
    Succeed: { type: 'integer', minimum: 0 },
    Failed: { type: 'integer', minimum: 0 },
  },
} as const;

export type LoginChartRow = FromSchema<typeof loginChartRowSchema>;

/**
 * The login audit: every sign-in attempt with its reason and every account event, written by the
 * sign-in and account calls alone, read by
 * holders of ViewLoginAudit, newest first, ten a page (spec 9).
 */
export const loginAuditEntity = {
  id: 40,
  name: 'UserLoginAuditTracking',
  entityType: 'UserLoginAudit',
  schema: loginAuditSchema,
  form: {},
  screens: { list: '/admin/loginaudit', detail: null, listScreen: 'loginAudit' },
  permissions: {
    read: 'ViewLoginAudit',
    create: '!authorized',
    update: '!authorized',
    delete: '!authorized',
  },
  storage: {
    table: 'login_audit',
    key: 'id',
    versionColumn: 'id',
    fields: {
      Id: 'id',
      UserId: 'user_id',
      IP: 'ip',
      Email: 'email',
      LoginTime: 'login_time',
      Browser: 'browser',
      BrowserVersion: 'browser_version',
      Platform: 'platform',
      LoginResult: 'login_result',
      HttpMethod: 'http_method',
      Provider: 'provider',
      Event: 'event',
      FingerPrint: 'finger_print',
      User_FullName: {
        lookup: {
          table: 'users',
          key: 'id',
          column: { concat: ['first_name', 'surname'], separator: ' ', fallback: 'name' },
          foreignKey: 'user_id',
        },
      },
    },
  },
  grid: {
    PageTitle: 'ROUTES.LOGIN_AUDIT',
    ListUrl: '/odata/UserLoginAuditTrackingOData',
    DetailUrl: null,
    PageSize: 10,
    DefaultSort: [{ Field: 'LoginTime', Desc: true }],
    DefaultFilter: null,
    DefaultFilterTitle: null,
    Columns: [
      column(1, 'LoginTime', 'ENTITY.LOGIN_AUDIT.LOGIN_TIME', 'datetime'),
      column(2, 'Email', 'ENTITY.LOGIN_AUDIT.EMAIL', 'string'),
      column(3, 'User_FullName', 'ENTITY.LOGIN_AUDIT.USER_FULL_NAME', 'string'),
      column(4, 'LoginResult', 'ENTITY.LOGIN_AUDIT.LOGIN_RESULT', 'string', null, {
        FilterByValuesOnly: true,
      }),
      column(5, 'IP', 'ENTITY.LOGIN_AUDIT.IP', 'string'),
      column(6, 'Browser', 'ENTITY.LOGIN_AUDIT.BROWSER', 'string'),
      column(7, 'BrowserVersion', 'ENTITY.LOGIN_AUDIT.BROWSER_VERSION', 'string'),
      column(8, 'Platform', 'ENTITY.LOGIN_AUDIT.PLATFORM', 'string'),
      column(9, 'HttpMethod', 'ENTITY.LOGIN_AUDIT.HTTP_METHOD', 'string'),
      column(10, 'Provider', 'ENTITY.LOGIN_AUDIT.PROVIDER', 'string', null, {
        FilterByValuesOnly: true,
      }),
      column(11, 'Event', 'ENTITY.LOGIN_AUDIT.EVENT', 'string', null, {
        FilterByValuesOnly: true,
      }),
      column(12, 'FingerPrint', 'ENTITY.LOGIN_AUDIT.FINGER_PRINT', 'string'),
    ],
    Actions: [],
    RowActions: [],
  },
} as const satisfies EntityDefinition;
