import type { FromSchema } from 'json-schema-to-ts';
import { saveRequestSchema, viewSchema } from '../engine/derived-schemas';
import { permissionEntity } from '../entities/permissions';

export const permissionSchema = viewSchema(permissionEntity.schema, [
  'Id',
  'Code',
  'Name',
  'IsParameterised',
  'IsSystem',
  'Version',
]);

/** Body of `POST api/permissions/SavePermission`; new permissions get ids from 1000 up. */
export const savePermissionRequestSchema = saveRequestSchema(permissionEntity.schema, [
  'Code',
  'Name',
  'IsParameterised',
]);

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
export type SavePermissionRequest = FromSchema<
  typeof savePermissionRequestSchema,
  { keepDefaultedPropertiesOptional: true }
>;
