import type { FromSchema } from 'json-schema-to-ts';
import { saveRequestSchema, viewSchema } from '../engine/derived-schemas';
import { companyEntity } from '../entities/companies';
import { namedRefSchema, rowIdListSchema, rowIdSchema } from './common';

export const companyContactTypeSchema = namedRefSchema;

/** A company in a list: `GetAllCompanies`, `odata/CompaniesOData`. */
export const companySummarySchema = viewSchema(companyEntity.schema, [
  'Id',
  'CompanyName',
  'UsersNum',
  'IsParameterised',
  'Version',
]);

/** A company as its editor reads it, with its contacts. */
export const companySchema = viewSchema(companyEntity.schema, [
  ...companySummarySchema.required,
  'Contacts',
]);

/**
 * Body of `POST api/companies/SaveCompany` and `POST api/company` (the caller's own company).
 * Contacts, when given, replace the company's contacts.
 */
export const saveCompanyRequestSchema = saveRequestSchema(companyEntity.schema, [
  'CompanyName',
  'IsParameterised',
  'Contacts',
]);

/** Body of `POST api/companies/users`: users to make members of the company. */
export const companyUsersRequestSchema = {
  type: 'object',
  required: ['CompanyId', 'UserIds'],
  properties: { CompanyId: rowIdSchema, UserIds: rowIdListSchema },
} as const;

export type CompanyView = FromSchema<typeof companySchema>;
export type CompanySummary = FromSchema<typeof companySummarySchema>;
export type SaveCompanyRequest = FromSchema<
  typeof saveCompanyRequestSchema,
  { keepDefaultedPropertiesOptional: true }
>;
