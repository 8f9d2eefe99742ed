import type { FromSchema } from 'json-schema-to-ts';
import {
  fingerPrintSchema,
  namedRefSchema,
  personProperties,
  rowIdListSchema,
  rowIdSchema,
  succeededResultSchema,
} from './common';
import { checkedRoleSchema } from './roles';
import { saveRequestSchema } from '../engine/derived-schemas';
import { userEntity } from '../entities/users';

const userGroupSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Id', 'Name', 'IsQueryGroup', 'IsChecked'],
  properties: {
    Id: { type: 'integer' },
    Name: { type: 'string' },
    IsQueryGroup: { type: 'boolean' },
    IsChecked: { type: 'boolean' },
  },
} as const;

const userUnitSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Id', 'Name', 'IsChecked'],
  properties: {
    Id: { type: 'integer' },
    Name: { type: 'string' },
    IsChecked: { type: 'boolean' },
  },
} as const;

/**
 * A user as the administration reads it. In lists Roles, Groups and Units hold only what the
 * user has; in the editor (GetUserById) every role, group and unit, each with IsChecked.
 * Groups and Company are present only when the `GroupsAndCompanies.UsersBelongTo` setting
 * enables them.
 */
export const userSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'Id',
    'Name',
    'FirstName',
    'Surname',
    'FullName',
    'Email',
    'Active',
    'Language',
    'Roles',
    'Units',
    'IsAdmin',
    'Version',
  ],
  properties: {
    ...personProperties,
    Active: { type: 'boolean' },
    Language: { type: ['string', 'null'] },
    Company: { anyOf: [namedRefSchema, { type: 'null' }] },
    /** The company's name, as the Users grid shows and filters it. */
    CompanyName: { type: ['string', 'null'] },
    Roles: { type: 'array', items: checkedRoleSchema },
    Groups: { type: 'array', items: userGroupSchema },
    Units: { type: 'array', items: userUnitSchema },
    IsAdmin: { type: 'boolean' },
    Version: { type: 'integer' },
  },
} as const;

/**
 * Body of `POST api/users/SaveUser`. Only these fields are written; anything else the
 * browser posts back (FullName, IsAdmin, ...) is ignored. Id 0 or absent creates. Roles,
 * Groups and Units toggle what they mention; unmentioned entries keep their state.
 * Password is the browser's SHA-512 hex digest; absent or empty keeps the current one.
 */
const savedUserFields = saveRequestSchema(userEntity.schema, [
  'Name',
  'FirstName',
  'Surname',
  'Email',
  'Active',
  'Language',
  'Roles',
  'Groups',
  'Units',
]);

export const saveUserRequestSchema = {
  ...savedUserFields,
  properties: {
    ...savedUserFields.properties,
    Password: { type: ['string', 'null'], maxLength: 1000 },
    Company: {
      anyOf: [
        { type: 'object', required: ['Id'], properties: { Id: rowIdSchema } },
        { type: 'null' },
      ],
    },
    FingerPrint: fingerPrintSchema,
  },
} as const;

/** Answer of SaveUser: the saved user, or the flag saying why nothing was saved. */
export const saveUserResultSchema = succeededResultSchema({
  UsernameAlreadyExists: { type: 'boolean' },
  UserPasswordInvalid: { type: 'boolean' },
  User: userSchema,
});

export const assignUsersToRoleRequestSchema = {
  type: 'object',
  required: ['RoleId', 'UserIds'],
  properties: { RoleId: rowIdSchema, UserIds: rowIdListSchema },
} as const;

export const assignUsersToGroupRequestSchema = {
  type: 'object',
  required: ['GroupId', 'UserIds'],
  properties: { GroupId: rowIdSchema, UserIds: rowIdListSchema },
} as const;

/** Answer of the assign calls: how many of the users were not members before. */
export const assignUsersResultSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Assigned'],
  properties: { Assigned: { type: 'integer' } },
} as const;

/** `GET api/Users/GetUserSettings/{id}`: the user's language and when its texts last changed. */
export const userSettingsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['UserId', 'Language', 'LastUpdated'],
  properties: {
    UserId: { type: 'integer' },
    Language: { type: 'string' },
    LastUpdated: { type: 'number' },
  },
} as const;

export type UserView = FromSchema<typeof userSchema>;
export type SaveUserRequest = FromSchema<
  typeof saveUserRequestSchema,
  { keepDefaultedPropertiesOptional: true }
>;
export type SaveUserResult = FromSchema<typeof saveUserResultSchema>;
export type UserSettings = FromSchema<typeof userSettingsSchema>;
