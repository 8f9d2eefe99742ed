import type { EntityDefinition } from '../engine/definitions';
import {
  checkedItem,
  choicesOf,
  column,
  deleteAction,
  editAction,
  hiddenField,
  idProperty,
  newAction,
  versionProperty,
} from '../engine/parts';
import { optionalEmailSchema } from '../people/common';

/** The kinds of company contact: a fixed list, not a setting. */
export const companyContactTypes = [
  { Id: 1, Name: 'Main office' },
  { Id: 2, Name: 'Accounts' },
  { Id: 3, Name: 'Site' },
  { Id: 4, Name: 'Transport' },
] as const;

export const companyEntity = {
  id: 14,
  name: 'Companies',
  entityType: 'Company',
  screens: { list: '/admin/companies', detail: '/admin/companies/:id' },
  api: {
    Get: '/api/companies/GetCompanyById/{id}',
    Save: '/api/companies/SaveCompany',
    Delete: 'GET /api/companies/DeleteCompany/{id}',
  },
  schema: {
    type: 'object',
    required: ['CompanyName'],
    properties: {
      Id: idProperty,
      CompanyName: { type: 'string', title: 'ENTITY.COMPANY.NAME', minLength: 1, maxLength: 200 },
      IsParameterised: {
        type: 'boolean',
        title: 'ENTITY.COMPANY.IS_PARAMETERISED',
        default: false,
      },
      UsersNum: { type: 'integer', title: 'ENTITY.USERS_NUM', readOnly: true },
      Contacts: {
        type: 'array',
        title: 'ENTITY.COMPANY.CONTACTS',
        maxItems: 100,
        items: {
          type: 'object',
          required: ['TypeId', 'Name'],
          properties: {
            Id: { type: 'integer' },
            TypeId: {
              type: 'integer',
              title: 'ENTITY.COMPANY.CONTACT.TYPE',
              default: companyContactTypes[0].Id,
              oneOf: choicesOf(companyContactTypes),
            },
            Name: {
              type: 'string',
              title: 'ENTITY.COMPANY.CONTACT.NAME',
              minLength: 1,
              maxLength: 200,
              pattern: '\\S',
            },
            Email: { ...optionalEmailSchema, title: 'ENTITY.COMPANY.CONTACT.EMAIL' },
            Phone: {
              type: 'string',
              title: 'ENTITY.COMPANY.CONTACT.PHONE',
              maxLength: 50,
              pattern: '^[0-9+() .-]*$',
            },
          },
        },
      },
      /** The company's members, written by `api/companies/users`; a user has one company. */
      Users: { type: 'array', title: 'ENTITY.COMPANY.USERS', items: checkedItem() },
      Version: versionProperty,
    },
  },
  form: {
    'ui:order': ['CompanyName', 'IsParameterised', 'Contacts', '*'],
    'ui:options': { recordName: 'ENTITY.COMPANY.RECORD', titleField: 'CompanyName' },
    IsParameterised: { 'ui:help': 'ENTITY.COMPANY.IS_PARAMETERISED_HELP' },
    Id: hiddenField,
    Version: hiddenField,
    UsersNum: hiddenField,
    Users: hiddenField,
    CompanyName: { 'ui:options': { unique: true } },
    Contacts: {
      'ui:options': { orderable: false },
      items: {
        'ui:title': 'ENTITY.COMPANY.CONTACT.TITLE',
        'ui:order': ['TypeId', 'Name', 'Email', 'Phone', '*'],
        Id: hiddenField,
        Name: { 'ui:options': { patternMessage: 'FORM.ERROR.REQUIRED' } },
        Email: { 'ui:options': { patternMessage: 'FORM.ERROR.EMAIL' } },
        Phone: { 'ui:options': { patternMessage: 'ENTITY.COMPANY.CONTACT.PHONE_PATTERN' } },
      },
    },
  },
  permissions: {
    read: 'ManageCompanies,CanViewCompany',
    create: 'ManageCompanies',
    update: 'ManageCompanies,CanViewCompany',
    delete: 'ManageCompanies',
  },
  unique: ['CompanyName'],
  storage: {
    table: 'companies',
    key: 'id',
    versionColumn: 'version',
    fields: {
      Id: 'id',
      CompanyName: 'company_name',
      IsParameterised: 'is_parameterised',
      UsersNum: { count: { table: 'users', ownerColumn: 'company_id' } },
      Version: 'version',
    },
    collections: {
      Users: {
        through: { table: 'users', ownerColumn: 'company_id', itemColumn: 'id' },
        itemTable: 'users',
        itemKey: 'id',
        columns: { Id: 'id', Name: 'name' },
        checked: true,
        link: 'column',
      },
    },
    children: {
      Contacts: {
        table: 'company_contacts',
        key: 'id',
        ownerColumn: 'company_id',
        orderColumn: 'position',
        columns: { Id: 'id', TypeId: 'type_id', Name: 'name', Email: 'email', Phone: 'phone' },
      },
    },
  },
  grid: {
    PageTitle: 'ROUTES.COMPANIES',
    ListUrl: '/odata/CompaniesOData',
    DetailUrl: '/admin/companies/{id}',
    PageSize: 20,
    DefaultSort: [{ Field: 'CompanyName', Desc: false }],
    DefaultFilter: null,
    DefaultFilterTitle: null,
    Columns: [
      column(1, 'CompanyName', 'ENTITY.COMPANY.NAME', 'string'),
      {
        Id: 2,
        Field: 'UsersNum',
        Title: 'ENTITY.USERS_NUM',
        Format: null,
        Type: 'integer',
        Order: 2,
      },
    ],
    Actions: [newAction('ManageCompanies')],
    RowActions: [editAction('ManageCompanies,CanViewCompany'), deleteAction('ManageCompanies')],
  },
} as const satisfies EntityDefinition;
