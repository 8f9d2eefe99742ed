import type { FromSchema } from 'json-schema-to-ts';
import type { EntityDefinition } from '../engine/definitions';
import { saveRequestSchema } from '../engine/derived-schemas';
import {
  column,
  deleteAction,
  editAction,
  flagColumn,
  hiddenField,
  idProperty,
  newAction,
  versionProperty,
} from '../engine/parts';

/** A `{{Name}}` a template may use: the name as written between the braces, and what it holds. */
export const templateParameterSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Title'],
  properties: {
    Title: {
      type: 'string',
      title: 'ENTITY.TEMPLATE.PARAMETER_TITLE',
      minLength: 1,
      maxLength: 50,
      pattern: '^[A-Za-z][A-Za-z0-9_]*$',
    },
    Notes: { type: 'string', title: 'ENTITY.TEMPLATE.PARAMETER_NOTES', maxLength: 500 },
  },
} as const;

export type TemplateParameter = FromSchema<typeof templateParameterSchema>;

/**
 * An e-mail template in one language: `Subject` is plain text, `Body` HTML (sanitised by the
 * server), both with `{{Parameter}}` placeholders. Templates of one Code in several languages
 * are translations of each other; a system template (one the application sends) keeps its
 * Code and parameters and is never deleted.
 */
export const templateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Code', 'Title', 'Language', 'Subject', 'Body'],
  properties: {
    Id: idProperty,
    Code: {
      type: 'string',
      title: 'ENTITY.TEMPLATE.CODE',
      minLength: 1,
      maxLength: 100,
      pattern: '^[A-Za-z][A-Za-z0-9_.-]*$',
    },
    Title: { type: 'string', title: 'ENTITY.TEMPLATE.TITLE', minLength: 1, maxLength: 200 },
    Language: { type: 'string', title: 'ENTITY.TEMPLATE.LANGUAGE', minLength: 1, maxLength: 20 },
    IsSystem: { type: 'boolean', title: 'ENTITY.TEMPLATE.IS_SYSTEM', readOnly: true },
    Subject: { type: 'string', title: 'ENTITY.TEMPLATE.SUBJECT', minLength: 1, maxLength: 300 },
    Body: { type: 'string', title: 'ENTITY.TEMPLATE.BODY', minLength: 1, maxLength: 100_000 },
    Parameters: {
      type: 'array',
      title: 'ENTITY.TEMPLATE.PARAMETERS',
      maxItems: 30,
      items: templateParameterSchema,
      default: [],
    },
    Version: versionProperty,
  },
  // A system template keeps its code and parameters (the application fills them in).
  if: { type: 'object', required: ['IsSystem'], properties: { IsSystem: { const: true } } },
  then: {
    type: 'object',
    properties: { Code: { readOnly: true }, Parameters: { readOnly: true } },
  },
} as const;

export type EmailTemplateView = FromSchema<typeof templateSchema>;

export const templateEntity = {
  id: 23,
  name: 'Templates',
  entityType: 'Template',
  schema: templateSchema,
  form: {
    'ui:order': ['Code', 'Title', 'Language', 'IsSystem', 'Subject', 'Body', 'Parameters', '*'],
    'ui:options': { recordName: 'ENTITY.TEMPLATE.RECORD', titleField: 'Title' },
    Id: hiddenField,
    Version: hiddenField,
    IsSystem: { 'ui:widget': 'checkbox', 'ui:readonly': true },
    Language: {
      'ui:widget': 'remoteSelect',
      'ui:options': { source: '/api/Language/GetLanguages', valueField: 'Id', labelField: 'Name' },
    },
    Subject: { 'ui:widget': 'placeholderText' },
    Body: { 'ui:widget': 'richText' },
    Parameters: {
      items: {
        'ui:title': 'ENTITY.TEMPLATE.PARAMETER',
        Notes: { 'ui:widget': 'textarea', 'ui:options': { rows: 2 } },
      },
    },
  },
  screens: {
    list: '/admin/templates',
    detail: '/admin/templates/:id',
    detailScreen: 'templateEditor',
  },
  api: {
    Get: '/api/EmailTemplate/GetTemplateById/{id}',
    Save: '/api/EmailTemplate/SaveTemplate',
    Delete: 'GET /api/EmailTemplate/DeleteTemplate/{id}',
  },
  permissions: {
    read: 'ManageTemplates',
    create: 'ManageTemplates',
    update: 'ManageTemplates',
    delete: 'ManageTemplates',
  },
  storage: {
    table: 'email_templates',
    key: 'id',
    versionColumn: 'version',
    fields: {
      Id: 'id',
      Code: 'code',
      Title: 'title',
      Language: 'language_id',
      IsSystem: 'is_system',
      Subject: 'subject',
      Body: 'body',
      Parameters: 'parameters',
      Version: 'version',
    },
    jsonColumns: ['parameters'],
  },
  grid: {
    PageTitle: 'ROUTES.TEMPLATES',
    ListUrl: '/odata/TemplatesOData',
    DetailUrl: '/admin/templates/{id}',
    PageSize: 10,
    DefaultSort: [
      { Field: 'Code', Desc: false },
      { Field: 'Language', Desc: false },
    ],
    DefaultFilter: null,
    DefaultFilterTitle: null,
    Columns: [
      column(1, 'Code', 'ENTITY.TEMPLATE.CODE', 'string'),
      column(2, 'Title', 'ENTITY.TEMPLATE.TITLE', 'string'),
      column(3, 'Language', 'ENTITY.TEMPLATE.LANGUAGE', 'string'),
      flagColumn(4, 'IsSystem', 'ENTITY.TEMPLATE.IS_SYSTEM'),
    ],
    Actions: [newAction('ManageTemplates')],
    RowActions: [editAction('ManageTemplates'), deleteAction('ManageTemplates')],
  },
} as const satisfies EntityDefinition;

/** `GET api/EmailTemplate/GetTemplateById/{id}?language=`: the template in that language. */
export const templateByIdQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { language: { type: 'string', minLength: 1, maxLength: 20 } },
} as const;

/** `POST api/EmailTemplate/SaveTemplate`. */
export const saveTemplateRequestSchema = saveRequestSchema(templateSchema, [
  'Code',
  'Title',
  'Language',
  'Subject',
  'Body',
  'Parameters',
]);

/**
 * A template to render with sample values (preview, test mail): a stored one by `Id`, or the
 * editor's unsaved `Subject` and `Body` (which win over the stored ones when both are given).
 */
export const templateSampleRequestSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    Id: { type: 'integer', minimum: 0, maximum: 2_147_483_647 },
    Language: templateSchema.properties.Language,
    Subject: { type: 'string', maxLength: 300 },
    Body: { type: 'string', maxLength: 100_000 },
    Parameters: { type: 'array', maxItems: 30, items: templateParameterSchema },
  },
} as const;

export type TemplateSampleRequest = FromSchema<typeof templateSampleRequestSchema>;

/** A template rendered with sample values: as the mail's subject, HTML and plain-text parts. */
export const templatePreviewSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Subject', 'Html', 'Text'],
  properties: {
    Subject: { type: 'string' },
    Html: { type: 'string' },
    Text: { type: 'string' },
  },
} as const;

export type TemplatePreview = FromSchema<typeof templatePreviewSchema>;

/** `POST api/EmailTemplate/SendTestMail`: like TestEmailSettings, null when the mail went. */
export const sendTestMailResponseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['ErrorMessage'],
  properties: { ErrorMessage: { type: ['string', 'null'] } },
} as const;
