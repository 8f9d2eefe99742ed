import type { FromSchema } from 'json-schema-to-ts';

const settingKey = { type: 'string', minLength: 1, maxLength: 100 } as const;
/** The stored row's version (its update time, to the microsecond); null when never stored. */
const settingVersion = { type: ['string', 'null'], maxLength: 40 } as const;

/**
 * One setting as `load` and `save` answer it: `Value` for ordinary settings; a secret has no
 * `Value`, only `IsSet`.
 */
export const settingValueSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Key', 'Version'],
  properties: {
    Key: settingKey,
    Value: {},
    IsSet: { type: 'boolean' },
    Version: settingVersion,
  },
} as const;

/** Answer of `POST api/settings/load` and `POST api/settings/save`: every setting by section. */
export const settingsLoadResultSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Sections'],
  properties: {
    Sections: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['Id', 'Settings'],
        properties: {
          Id: { type: 'string' },
          Settings: { type: 'array', items: settingValueSchema },
        },
      },
    },
  },
} as const;

export type SettingValue = FromSchema<typeof settingValueSchema>;
export type SettingsLoadResult = FromSchema<typeof settingsLoadResultSchema>;

/**
 * Body of `POST api/settings/save`: the changed settings only, key -> new value (a secret's
 * `null` clears it; a secret left out stays as it is), and for each the `Version` it was
 * loaded with; a setting changed by someone else since then is a 409 and nothing is saved.
 */
export const settingsSaveRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Values'],
  properties: {
    Values: {
      type: 'object',
      minProperties: 1,
      maxProperties: 200,
      propertyNames: { maxLength: 100 },
      additionalProperties: true,
    },
    Versions: {
      type: 'object',
      maxProperties: 200,
      propertyNames: { maxLength: 100 },
      additionalProperties: settingVersion,
    },
  },
} as const;

export type SettingsSaveRequest = {
  Values: Record<string, unknown>;
  Versions?: Record<string, string | null>;
};

/** The settings a test mail may be sent with before they are saved. */
export const testEmailSettingKeys: readonly string[] = [
  'Email.SmtpHost',
  'Email.SmtpPort',
  'Email.SmtpSecurity',
  'Email.SmtpUser',
  'Email.SmtpPassword',
  'Email.FromAddress',
  'Email.TestEmailAddress',
];

/**
 * Body of `POST api/settings/TestEmailSettings`: optionally the `Email.*` values not saved
 * yet (a blank or absent `Email.SmtpPassword` means the stored one).
 */
export const testEmailSettingsRequestSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    Values: {
      type: 'object',
      maxProperties: 20,
      propertyNames: { maxLength: 100 },
      additionalProperties: true,
    },
  },
} as const;

/** Answer of TestEmailSettings: `ErrorMessage` null when the mail was sent. */
export const testEmailSettingsResultSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['ErrorMessage'],
  properties: {
    ErrorMessage: { type: ['string', 'null'] },
    SentTo: { type: 'string' },
  },
} as const;

export type TestEmailSettingsResult = FromSchema<typeof testEmailSettingsResultSchema>;

/** Answer of `GET api/settings/GetPasswordSettings`: the rules of the password meter. */
export const passwordSettingsResultSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['MinLength', 'StrongLength', 'ForbidEmailName', 'ForbidUserName'],
  properties: {
    MinLength: { type: 'integer' },
    /** From this length the meter scores one step higher. */
    StrongLength: { type: 'integer' },
    ForbidEmailName: { type: 'boolean' },
    ForbidUserName: { type: 'boolean' },
  },
} as const;

export type PasswordSettingsResult = FromSchema<typeof passwordSettingsResultSchema>;

/**
 * Answer of `GET api/settings/GetRecaptchaSettings`: what the sign-in screen needs of the
 * self-hosted proof-of-work captcha (ALTCHA). Nothing secret.
 */
export const captchaSettingsResultSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Provider', 'ChallengeUrl', 'RequiredAfterFailedAttempts', 'AlwaysRequired'],
  properties: {
    Provider: { type: 'string', enum: ['altcha'] },
    ChallengeUrl: { type: 'string' },
    RequiredAfterFailedAttempts: { type: 'integer' },
    AlwaysRequired: { type: 'boolean' },
  },
} as const;

export type CaptchaSettingsResult = FromSchema<typeof captchaSettingsResultSchema>;

/**
 * Answer of `GET api/settings/GetFeedbackSettings` (the spec's "Feedback object", its path not
 * shown): what the feedback panel of CanManageFeedbacks holders needs.
 */
export const feedbackSettingsResultSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['ProjectCode', 'ServerCode', 'FeedbackUrl', 'TestMode', 'DockPosition'],
  properties: {
    ProjectCode: { type: 'string' },
    ServerCode: { type: 'string' },
    FeedbackUrl: { type: 'string' },
    TestMode: { type: 'boolean' },
    DockPosition: { type: 'string', enum: ['bottom', 'left', 'right'] },
  },
} as const;

export type FeedbackSettingsResult = FromSchema<typeof feedbackSettingsResultSchema>;

export const settingsPaths = {
  load: '/api/settings/load',
  save: '/api/settings/save',
  passwordSettings: '/api/settings/GetPasswordSettings',
  captchaSettings: '/api/settings/GetRecaptchaSettings',
  testEmail: '/api/settings/TestEmailSettings',
  feedbackSettings: '/api/settings/GetFeedbackSettings',
} as const;
