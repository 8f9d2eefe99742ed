import type { FromSchema } from 'json-schema-to-ts';
import { checkedInputListSchema, requiredText, rowIdOrZeroSchema, versionSchema } from './common';

export const groupSummarySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Id', 'Name', 'IsQueryGroup', 'UsersNum', 'Version'],
  properties: {
    Id: { type: 'integer' },
    Name: { type: 'string' },
    IsQueryGroup: { type: 'boolean' },
    UsersNum: { type: 'integer' },
    Version: { type: 'integer' },
  },
} as const;

/** A group in the editor: every user, each with IsChecked. */
export const groupSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Id', 'Name', 'IsQueryGroup', 'Users', 'Version'],
  properties: {
    Id: { type: 'integer' },
    Name: { type: 'string' },
    IsQueryGroup: { type: 'boolean' },
    Users: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['Id', 'Name', 'FullName', 'IsChecked'],
        properties: {
          Id: { type: 'integer' },
          Name: { type: 'string' },
          FullName: { type: 'string' },
          IsChecked: { type: 'boolean' },
        },
      },
    },
    Version: { type: 'integer' },
  },
} as const;

/**
 * Body of `POST api/groups/SaveGroup`. Users changes the membership of an ordinary group;
 * the members of a query group come from its query and cannot be toggled.
 */
export const saveGroupRequestSchema = {
  type: 'object',
  required: ['Name'],
  properties: {
    Id: rowIdOrZeroSchema,
    Name: requiredText(100),
    IsQueryGroup: { type: 'boolean' },
    Users: checkedInputListSchema,
    Version: versionSchema,
  },
} as const;

export type GroupView = FromSchema<typeof groupSchema>;
export type GroupSummary = FromSchema<typeof groupSummarySchema>;
export type SaveGroupRequest = FromSchema<typeof saveGroupRequestSchema>;
