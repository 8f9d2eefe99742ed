import type { FromSchema } from 'json-schema-to-ts';
import { saveRequestSchema, viewSchema } from '../engine/derived-schemas';
import { groupEntity } from '../entities/groups';

export const groupSummarySchema = viewSchema(groupEntity.schema, [
  'Id',
  'Name',
  'IsQueryGroup',
  'UsersNum',
  'Version',
]);

/** A group in the editor: every user the caller may see, each with IsChecked. */
export const groupSchema = viewSchema(groupEntity.schema, [
  'Id',
  'Name',
  'IsQueryGroup',
  'Users',
  'Version',
]);

/**
 * Body of `POST api/groups/SaveGroup`. Users changes the membership of an ordinary group;
 * the members of a query group come from its query and cannot be toggled.
 */
export const saveGroupRequestSchema = saveRequestSchema(groupEntity.schema, [
  'Name',
  'IsQueryGroup',
  'Users',
]);

export type GroupView = FromSchema<typeof groupSchema>;
export type GroupSummary = FromSchema<typeof groupSummarySchema>;
export type SaveGroupRequest = FromSchema<
  typeof saveGroupRequestSchema,
  { keepDefaultedPropertiesOptional: true }
>;
