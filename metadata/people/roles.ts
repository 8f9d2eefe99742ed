import type { FromSchema } from 'json-schema-to-ts';
import { saveRequestSchema, viewSchema } from '../engine/derived-schemas';
import { roleEntity } from '../entities/roles';
import { checkedInputListSchema, namedRefSchema } from './common';

/** A role in lists: no permissions. */
export const roleSummarySchema = viewSchema(roleEntity.schema, [
  'Id',
  'Name',
  'IsAdmin',
  'IsParameterised',
  'UsersNum',
  'Version',
]);

const checkedItemView = {
  type: 'object',
  additionalProperties: false,
  required: ['Id', 'Name', 'IsChecked'],
  properties: { Id: { type: 'integer' }, Name: { type: 'string' }, IsChecked: { type: 'boolean' } },
} as const;

/**
 * A role in the editor: every permission with IsChecked (an admin role holds them all), and
 * every other role, checked when holders of this role may give it (role delegation). The
 * entity's lists as the editor shows them: each item named.
 */
const roleFields = viewSchema(roleEntity.schema, [
  'Id',
  'Name',
  'IsAdmin',
  'IsParameterised',
  'Version',
]);

export const roleSchema = {
  ...roleFields,
  required: [...roleFields.required, 'Permissions'],
  properties: {
    ...roleFields.properties,
    Permissions: { type: 'array', items: checkedItemView },
    DelegatedRoles: {
      type: 'array',
      items: {
        ...checkedItemView,
        required: [...checkedItemView.required, 'IsAdmin'],
        properties: { ...checkedItemView.properties, IsAdmin: { type: 'boolean' } },
      },
    },
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

/**
 * Body of `POST api/Roles/SaveRole`; IsAdmin is set when a role is created, never later;
 * changing DelegatedRoles needs ManageDelegatedRoles, posting them back unchanged nothing.
 */
export const saveRoleRequestSchema = saveRequestSchema(roleEntity.schema, [
  'Name',
  'IsAdmin',
  'IsParameterised',
  'Permissions',
  'DelegatedRoles',
]);

/** Body of `PUT api/Roles/UpdateDelegatedRoles/{id}`: the checkbox list of GetDeledatedRoles. */
export const updateDelegatedRolesRequestSchema = checkedInputListSchema;

export type RoleView = FromSchema<typeof roleSchema>;
export type RoleSummary = FromSchema<typeof roleSummarySchema>;
export type SaveRoleRequest = FromSchema<
  typeof saveRoleRequestSchema,
  { keepDefaultedPropertiesOptional: true }
>;

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
