import type { FromSchema } from 'json-schema-to-ts';
import { personProperties } from './people/common';

/** The signed-in user as `GET api/users/GetCurrentUser` returns it (null when anonymous). */
export const currentUserSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Id', 'Name', 'FirstName', 'Surname', 'FullName', 'Email', 'IsAdmin', 'Language'],
  properties: {
    ...personProperties,
    IsAdmin: { type: 'boolean' },
    Language: { type: ['string', 'null'] },
  },
} as const;

export type CurrentUser = FromSchema<typeof currentUserSchema>;
