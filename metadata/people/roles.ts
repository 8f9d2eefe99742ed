import type { FromSchema } from 'json-schema-to-ts';
import {
  checkedInputListSchema,
  namedRefSchema,
  requiredText,
  rowIdOrZeroSchema,
  versionSchema,
} from './common';

const checkedPermissionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Id', 'Name', 'IsChecked'],
  properties: { Id: { type: 'integer' }, Name: { type: 'string' }, IsChecked: { type: 'boolean' } },
} as const;

/** A role in lists: no permissions. */
export const roleSummarySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Id', 'Name', 'IsAdmin', 'IsParameterised', 'UsersNum', 'Version'],
  properties: {
    Id: { type: 'integer' },
    Name: { type: 'string' },
    IsAdmin: { type: 'boolean' },
    IsParameterised: { type: 'boolean' },
    UsersNum: { type: 'integer' },
    Version: { type: 'integer' },
  },
} as const;

/** A role in the editor: every permission with IsChecked (an admin role holds them all). */
export const roleSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Id', 'Name', 'IsAdmin', 'IsParameterised', 'Permissions', 'Version'],
  properties: {
    Id: { type: 'integer' },
    Name: { type: 'string' },
    IsAdmin: { type: 'boolean' },
    IsParameterised: { type: 'boolean' },
    Permissions: { type: 'array', items: checkedPermissionSchema },
    /** Every other role, checked when holders of this role may give it (role delegation). */
    DelegatedRoles: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['Id', 'Name', 'IsAdmin', 'IsChecked'],
        properties: {
          Id: { type: 'integer' },
          Name: { type: 'string' },
          IsAdmin: { type: 'boolean' },
          IsChecked: { type: 'boolean' },
        },
      },
    },
    Version: { type: 'integer' },
  },
} as const;

const namedList = { type: 'array', items: namedRefSchema } as const;

/** `GetFullListOfRoles`: each role with the permissions it holds and the roles it delegates. */
export const fullRoleSchema = {
  type: 'object',
  additionalProperties: false,
  required: [...roleSummarySchema.required, 'Permissions', 'DelegatedRoles'],
  properties: {
    ...roleSummarySchema.properties,
    Permissions: namedList,
    DelegatedRoles: namedList,
  },
} as const;

/** A role offered in a checkbox list (delegated roles, a user's roles). */
export const checkedRoleSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Id', 'Name', 'IsAdmin', 'IsChecked'],
  properties: {
    Id: { type: 'integer' },
    Name: { type: 'string' },
    IsAdmin: { type: 'boolean' },
    IsChecked: { type: 'boolean' },
  },
} as const;

/** Body of `POST api/Roles/SaveRole`; IsAdmin is set when a role is created, never later. */
export const saveRoleRequestSchema = {
  type: 'object',
  required: ['Name'],
  properties: {
    Id: rowIdOrZeroSchema,
    Name: requiredText(100),
    IsAdmin: { type: 'boolean' },
    IsParameterised: { type: 'boolean' },
    Permissions: checkedInputListSchema,
    /** Changing it needs ManageDelegatedRoles; posting it back unchanged needs nothing. */
    DelegatedRoles: checkedInputListSchema,
    Version: versionSchema,
  },
} as const;

/** Body of `PUT api/Roles/UpdateDelegatedRoles/{id}`: the checkbox list of GetDeledatedRoles. */
export const updateDelegatedRolesRequestSchema = checkedInputListSchema;

export type RoleView = FromSchema<typeof roleSchema>;
export type RoleSummary = FromSchema<typeof roleSummarySchema>;
export type SaveRoleRequest = FromSchema<typeof saveRoleRequestSchema>;

/** `GetDeledatedRoles` without an id: every role with the roles it delegates. */
export const roleDelegationsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Id', 'Name', 'IsAdmin', 'DelegatedRoles'],
  properties: {
    Id: { type: 'integer' },
    Name: { type: 'string' },
    IsAdmin: { type: 'boolean' },
    DelegatedRoles: namedList,
  },
} as const;
