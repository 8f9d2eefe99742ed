import type { FromSchema } from 'json-schema-to-ts';
import { currentUserSchema } from './current-user';
import {
  fingerPrintSchema,
  languageIdSchema,
  passwordDigestSchema,
  personNameSchema,
  requiredText,
  rowIdSchema,
  succeededResultSchema,
} from './people/common';

/** An e-mail address as registration takes it (white space around it is trimmed). */
export const accountEmailPattern = '^\\s*[^\\s@]+@[^\\s@]+\\.[^\\s@]+\\s*$';

/**
 * What "Forgot your password?" accepts, on the server and in its dialog: a plausible e-mail
 * address, or a user name as people type it (no spaces, no `@`, no control characters); white
 * space around it is trimmed. Anything else is refused before any account is looked up.
 */
export const recoveryAddressPattern =
  '^\\s*(?:[^\\s@]+@[^\\s@]+\\.[^\\s@]+|[^\\s@\\u0000-\\u001f\\u007f]+)\\s*$';

/** Body of `POST api/Users/RecoverPassword`. Email may also be a user name. */
export const recoverPasswordRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Email'],
  properties: {
    Email: {
      type: 'string',
      minLength: 1,
      maxLength: 256,
      description: 'An e-mail address or a user name (see recoveryAddressPattern).',
    },
    Language: languageIdSchema,
  },
} as const;

/**
 * Answer of RecoverPassword. Unless the setting `Security.RevealLoginFailureReason` is on
 * (ShowHelpfulMessages true), it is the same whether or not the address is known:
 * Successfully true and no Exception. With it on, an unknown or inactive address gives
 * Successfully false and the reason, translated, in Exception.
 */
export const recoverPasswordResultSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['ShowHelpfulMessages', 'Successfully', 'Exception'],
  properties: {
    ShowHelpfulMessages: { type: 'boolean' },
    Successfully: { type: 'boolean' },
    Exception: { type: ['string', 'null'] },
  },
} as const;

export const ticketParamsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['ticket'],
  properties: { ticket: { type: 'string', maxLength: 200 } },
} as const;

/**
 * Answer of `GET api/users/GetUserByTicket/{ticket}`, always 200. Status `Valid` carries
 * the user; `Unknown` (no such ticket), `Used` and `Expired` carry nothing else. Purpose
 * says whether the ticket resets a password or completes a registration.
 */
export const ticketUserSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Status'],
  properties: {
    Status: { type: 'string', enum: ['Valid', 'Unknown', 'Used', 'Expired'] },
    Purpose: { type: 'string', enum: ['reset', 'register'] },
    Name: { type: 'string' },
    Email: { type: 'string' },
    FullName: { type: 'string' },
  },
} as const;

/** Body of `POST api/users/ResetRegisterTicket/`. */
export const resetRegisterTicketRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Ticket', 'User'],
  properties: {
    Ticket: { type: 'string', minLength: 1, maxLength: 200 },
    User: {
      type: 'object',
      additionalProperties: false,
      required: ['Password'],
      properties: { Password: passwordDigestSchema, FingerPrint: fingerPrintSchema },
    },
  },
} as const;

/**
 * Answer of ResetRegisterTicket: Succeeded, or why not. InvalidTicket: unknown, used or
 * expired (nothing changed). UserPasswordInvalid: the password is the user name.
 */
export const resetRegisterTicketResultSchema = succeededResultSchema({
  InvalidTicket: { type: 'boolean' },
  UserPasswordInvalid: { type: 'boolean' },
});

/**
 * Body of `POST api/Users/RegisterUser`. Only these fields are read; anything else posted
 * (IsAdmin, Roles, Company, ...) is ignored: a registered user has no roles, groups or
 * company and is always active.
 */
export const registerUserRequestSchema = {
  type: 'object',
  required: ['Name', 'Password'],
  properties: {
    Name: { type: 'string', maxLength: 256, pattern: accountEmailPattern },
    FirstName: personNameSchema,
    Surname: personNameSchema,
    Password: passwordDigestSchema,
    Language: languageIdSchema,
    Active: { type: 'boolean' },
  },
} as const;

/**
 * Answer of RegisterUser. UsernameAlreadyExists: an account already has this address as its
 * e-mail or user name. ConfirmationMailed: the account can sign in only after the link mailed
 * to the address has been followed (setting `Security.ConfirmRegistrationEmail`).
 */
export const registerUserResultSchema = succeededResultSchema({
  UsernameAlreadyExists: { type: 'boolean' },
  UserPasswordInvalid: { type: 'boolean' },
  ConfirmationMailed: { type: 'boolean' },
});

/**
 * Body of `POST api/Users/ConfirmEmail`: the ticket of the link mailed at registration and the
 * password chosen there (its SHA-512 digest), so that only the one who registered and owns the
 * mailbox can open the account: the owner of an address someone else registered cannot, and
 * the one who registered it cannot without the mail.
 */
export const confirmEmailRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Ticket', 'Password'],
  properties: {
    Ticket: { type: 'string', minLength: 1, maxLength: 200 },
    Password: { type: 'string', minLength: 1, maxLength: 200 },
  },
} as const;

/**
 * Answer of ConfirmEmail (nothing changed unless Succeeded). InvalidTicket: unknown, used or
 * expired; InvalidPassword: not the password chosen at registration (the link still works).
 */
export const confirmEmailResultSchema = succeededResultSchema({
  InvalidTicket: { type: 'boolean' },
  InvalidPassword: { type: 'boolean' },
});

/** `GET api/users/RegistrationOptions`: self-registration is closed while companies are on. */
export const registrationOptionsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['RegistrationAllowed'],
  properties: { RegistrationAllowed: { type: 'boolean' } },
} as const;

/** Body of `POST api/Users/UpdateUser`: the signed-in user's own profile. */
export const updateUserRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name'],
  properties: {
    id: rowIdSchema,
    firstName: personNameSchema,
    surname: personNameSchema,
    name: requiredText(256),
    languageId: languageIdSchema,
    fingerprint: fingerPrintSchema,
  },
} as const;

export const updateUserResultSchema = succeededResultSchema({
  UsernameAlreadyExists: { type: 'boolean' },
  User: currentUserSchema,
});

/** Body of `POST api/Users/ChangePassword`; both passwords are browser digests. */
export const changePasswordRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Name', 'CurrentPassword', 'NewPassword'],
  properties: {
    Name: { type: 'string', minLength: 1, maxLength: 256 },
    CurrentPassword: passwordDigestSchema,
    NewPassword: passwordDigestSchema,
    FingerPrint: fingerPrintSchema,
  },
} as const;

/**
 * Answer of ChangePassword. InvalidCurrentPassword: the current password is wrong.
 * UserPasswordInvalid: the new password is the user name. Nothing changed in either case.
 */
export const changePasswordResultSchema = succeededResultSchema({
  InvalidCurrentPassword: { type: 'boolean' },
  UserPasswordInvalid: { type: 'boolean' },
});

/** Body of `POST api/users/SendPasswordResetByAdmin`. */
export const sendPasswordResetRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Email'],
  properties: { Email: { type: 'string', minLength: 1, maxLength: 256 } },
} as const;

/** How many mails were sent (one per account with that address). */
export const sendPasswordResetResultSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Sent'],
  properties: { Sent: { type: 'integer' } },
} as const;

/** One mail of the outbox, as administrators read it (`GET api/mail/GetOutbox`). */
export const outboxMailSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Id', 'To', 'Subject', 'Text', 'Html', 'CreatedAt', 'SentAt', 'Attempts', 'Error'],
  properties: {
    Id: { type: 'integer' },
    To: { type: 'string' },
    Subject: { type: 'string' },
    Text: { type: 'string' },
    Html: { type: 'string' },
    TemplateCode: { type: ['string', 'null'] },
    CreatedAt: { type: 'string', format: 'date-time' },
    SentAt: { type: ['string', 'null'], format: 'date-time' },
    Attempts: { type: 'integer' },
    Error: { type: ['string', 'null'] },
  },
} as const;

export type RecoverPasswordRequest = FromSchema<typeof recoverPasswordRequestSchema>;
export type RecoverPasswordResult = FromSchema<typeof recoverPasswordResultSchema>;
export type TicketUser = FromSchema<typeof ticketUserSchema>;
export type ResetRegisterTicketRequest = FromSchema<typeof resetRegisterTicketRequestSchema>;
export type ResetRegisterTicketResult = FromSchema<typeof resetRegisterTicketResultSchema>;
export type RegisterUserRequest = FromSchema<typeof registerUserRequestSchema>;
export type RegisterUserResult = FromSchema<typeof registerUserResultSchema>;
export type ConfirmEmailResult = FromSchema<typeof confirmEmailResultSchema>;
export type RegistrationOptions = FromSchema<typeof registrationOptionsSchema>;
export type UpdateUserRequest = FromSchema<typeof updateUserRequestSchema>;
export type UpdateUserResult = FromSchema<typeof updateUserResultSchema>;
export type ChangePasswordRequest = FromSchema<typeof changePasswordRequestSchema>;
export type ChangePasswordResult = FromSchema<typeof changePasswordResultSchema>;
export type SendPasswordResetResult = FromSchema<typeof sendPasswordResetResultSchema>;
export type OutboxMail = FromSchema<typeof outboxMailSchema>;

/** Server paths of the account calls. */
export const accountPaths = {
  recoverPassword: '/api/Users/RecoverPassword',
  userByTicket: '/api/users/GetUserByTicket',
  resetRegisterTicket: '/api/users/ResetRegisterTicket/',
  registerUser: '/api/Users/RegisterUser',
  confirmEmail: '/api/Users/ConfirmEmail',
  registrationOptions: '/api/users/RegistrationOptions',
  updateUser: '/api/Users/UpdateUser',
  changePassword: '/api/Users/ChangePassword',
  sendPasswordResetByAdmin: '/api/users/SendPasswordResetByAdmin',
  outbox: '/api/mail/GetOutbox',
} as const;

/** Screens that mails link to; a ticket is appended as the last path segment. */
export const ticketScreenPaths = {
  reset: '/resetpassword',
  register: '/registerbyticket',
  confirm: '/confirmemail',
} as const;
