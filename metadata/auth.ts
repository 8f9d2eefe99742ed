import type { FromSchema } from 'json-schema-to-ts';
import { fingerPrintSchema, passwordDigestSchema } from './people/common';

/** Body of `POST api/auth/login`; Pass is the lowercase hex SHA-512 of the password. */
export const loginRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['User', 'Pass'],
  properties: {
    User: { type: 'string', minLength: 1, maxLength: 256 },
    Pass: passwordDigestSchema,
    Save: { type: 'boolean', default: false },
    FingerPrint: fingerPrintSchema,
  },
} as const;

/** Body of `POST api/auth/LoginWithRecaptcha`: the login plus the captcha response. */
export const captchaLoginRequestSchema = {
  ...loginRequestSchema,
  required: ['User', 'Pass', 'ReCaptcha'],
  properties: {
    ...loginRequestSchema.properties,
    ReCaptcha: { type: 'string', minLength: 1, maxLength: 8000 },
  },
} as const;

/** Answer of both login calls: success, or the flag of the failure. */
export const loginResultSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Succeeded', 'CaptchaRequired'],
  properties: {
    Succeeded: { type: 'boolean' },
    CaptchaRequired: { type: 'boolean' },
    InvalidUserOrPassword: { type: 'boolean' },
    UserNotFound: { type: 'boolean' },
    InvalidPassword: { type: 'boolean' },
    InvalidPasswordAttempts: { type: 'boolean' },
    UserNotActive: { type: 'boolean' },
    /** With UserNotActive: the address still awaits the link mailed at registration. */
    EmailNotConfirmed: { type: 'boolean' },
    InvalidCaptcha: { type: 'boolean' },
    LockedForSeconds: { type: 'integer' },
  },
} as const;

export type LoginRequest = FromSchema<typeof loginRequestSchema>;
export type LoginResult = FromSchema<typeof loginResultSchema>;
