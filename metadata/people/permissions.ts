import type { FromSchema } from 'json-schema-to-ts';
import { requiredText, rowIdOrZeroSchema, versionSchema } from './common';

export const permissionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Id', 'Code', 'Name', 'IsParameterised', 'IsSystem', 'Version'],
  properties: {
    Id: { type: 'integer' },
    Code: { type: 'string' },
    Name: { type: 'string' },
    IsParameterised: { type: 'boolean' },
    IsSystem: { type: 'boolean' },
    Version: { type: 'integer' },
  },
} as const;

/**
 * A permission code is one name of a permission expression, so it may not hold the
 * expression's separators (`,` `&` `!` parentheses) or white space.
 */
export const permissionCodePattern = '^[A-Za-z][A-Za-z0-9_.-]*$';

/** Body of `POST api/permissions/SavePermission`; new permissions get ids from 1000 up. */
export const savePermissionRequestSchema = {
  type: 'object',
  required: ['Code', 'Name'],
  properties: {
    Id: rowIdOrZeroSchema,
    Code: { type: 'string', minLength: 1, maxLength: 100, pattern: permissionCodePattern },
    Name: requiredText(200),
    IsParameterised: { type: 'boolean' },
    Version: versionSchema,
  },
} as const;

/** `GET api/permissions/GetRoutePermissions`: what each screen of the app requires. */
export const routePermissionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Name', 'Route', 'Permission'],
  properties: {
    Name: { type: 'string' },
    Route: { type: 'string' },
    Permission: { type: 'string' },
  },
} as const;

export type PermissionView = FromSchema<typeof permissionSchema>;
export type SavePermissionRequest = FromSchema<typeof savePermissionRequestSchema>;
