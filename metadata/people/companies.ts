import type { FromSchema } from 'json-schema-to-ts';
import {
  namedRefSchema,
  optionalEmailSchema,
  requiredText,
  rowIdListSchema,
  rowIdOrZeroSchema,
  rowIdSchema,
  versionSchema,
} from './common';

/** The kinds of company contact: a fixed list, not a setting. */
export const companyContactTypes = [
  { Id: 1, Name: 'Main office' },
  { Id: 2, Name: 'Accounts' },
  { Id: 3, Name: 'Site' },
  { Id: 4, Name: 'Transport' },
] as const;

export const companyContactTypeSchema = namedRefSchema;

export const companyContactSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Id', 'TypeId', 'Name', 'Email', 'Phone'],
  properties: {
    Id: { type: 'integer' },
    TypeId: { type: 'integer' },
    Name: { type: 'string' },
    Email: { type: 'string' },
    Phone: { type: 'string' },
  },
} as const;

export const companySummarySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Id', 'CompanyName', 'UsersNum', 'IsParameterised', 'Version'],
  properties: {
    Id: { type: 'integer' },
    CompanyName: { type: 'string' },
    UsersNum: { type: 'integer' },
    IsParameterised: { type: 'boolean' },
    Version: { type: 'integer' },
  },
} as const;

export const companySchema = {
  type: 'object',
  additionalProperties: false,
  required: [...companySummarySchema.required, 'Contacts'],
  properties: {
    ...companySummarySchema.properties,
    Contacts: { type: 'array', items: companyContactSchema },
  },
} as const;

const contactInputSchema = {
  type: 'object',
  required: ['TypeId', 'Name'],
  properties: {
    TypeId: rowIdSchema,
    Name: requiredText(200),
    Email: optionalEmailSchema,
    Phone: { type: 'string', maxLength: 50, pattern: '^[0-9+() .-]*$' },
  },
} as const;

/**
 * Body of `POST api/companies/SaveCompany` and `POST api/company` (the caller's own company).
 * Contacts, when given, replace the company's contacts.
 */
export const saveCompanyRequestSchema = {
  type: 'object',
  required: ['CompanyName'],
  properties: {
    Id: rowIdOrZeroSchema,
    CompanyName: requiredText(200),
    IsParameterised: { type: 'boolean' },
    Contacts: { type: 'array', maxItems: 100, items: contactInputSchema },
    Version: versionSchema,
  },
} as const;

/** Body of `POST api/companies/users`: users to make members of the company. */
export const companyUsersRequestSchema = {
  type: 'object',
  required: ['CompanyId', 'UserIds'],
  properties: { CompanyId: rowIdSchema, UserIds: rowIdListSchema },
} as const;

export type CompanyView = FromSchema<typeof companySchema>;
export type CompanySummary = FromSchema<typeof companySummarySchema>;
export type SaveCompanyRequest = FromSchema<typeof saveCompanyRequestSchema>;
