import type { FromSchema } from 'json-schema-to-ts';

/**
 * One route of the server's API (`GET api/ViewWebservices/GetViewWebservices`): `Name` is
 * `METHOD path`, `ActionPath` the path, `Audited` whether a successful call of it that
 * changes something is recorded in the change log or the login audit (the route declares
 * `config.audited`).
 */
export const webServiceItemSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Name', 'ActionPath', 'Method', 'Audited'],
  properties: {
    Name: { type: 'string' },
    ActionPath: { type: 'string' },
    Method: { type: 'string' },
    Audited: { type: 'boolean' },
  },
} as const;

export type WebServiceItem = FromSchema<typeof webServiceItemSchema>;

/**
 * The list's filters (spec 9): `method` ANY (all), ANYR (GET or HEAD) or a method name;
 * `audited` 1 or 2 (all) or 3 (audited only).
 */
export const webServicesQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    method: {
      type: 'string',
      enum: ['ANY', 'ANYR', 'GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    },
    audited: { type: 'integer', enum: [1, 2, 3] },
  },
} as const;

export type WebServicesQuery = FromSchema<typeof webServicesQuerySchema>;

/** The method filter's choices as the screen offers them. */
export const webServiceMethods = ['ANY', 'ANYR', 'GET', 'POST', 'PUT', 'DELETE'] as const;
