import type { FromSchema } from 'json-schema-to-ts';
import type { EntityDefinition } from '../engine/definitions';
import { column, newAction } from '../engine/parts';
import { languageCodePattern } from '../languages';

/** A language users may pick: the row as `odata/LanguagesOData` serves it (Id is the code). */
export const languageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Id', 'Name', 'AngularCulture', 'KendoCulture'],
  properties: {
    Id: {
      type: 'string',
      title: 'ENTITY.LANGUAGE.ID',
      minLength: 2,
      maxLength: 20,
      pattern: languageCodePattern,
    },
    Name: { type: 'string', title: 'ENTITY.LANGUAGE.NAME', minLength: 1, maxLength: 100 },
    AngularCulture: {
      type: 'string',
      title: 'ENTITY.LANGUAGE.ANGULAR_CULTURE',
      minLength: 1,
      maxLength: 20,
      default: 'en',
    },
    KendoCulture: {
      type: 'string',
      title: 'ENTITY.LANGUAGE.KENDO_CULTURE',
      minLength: 1,
      maxLength: 20,
      default: 'en',
    },
    Version: { type: 'integer', readOnly: true },
  },
} as const;

export type Language = FromSchema<typeof languageSchema>;

/**
 * The languages, listed by the engine (`odata/LanguagesOData`, the grid at `/admin/languages`).
 * Their key is the language code (text), so rows are created and deleted through the
 * languages module's calls (`api/Language/CreateLanguage`, `DeleteLanguage`), which keep the
 * users, translations and change log consistent; the engine's generic row writes are closed.
 */
export const languageEntity = {
  id: 25,
  name: 'Languages',
  entityType: 'Language',
  schema: languageSchema,
  form: {
    'ui:order': ['Id', 'Name', 'AngularCulture', 'KendoCulture', '*'],
    'ui:options': { recordName: 'ENTITY.LANGUAGE.RECORD', titleField: 'Name' },
    Version: { 'ui:widget': 'hidden' },
    Id: { 'ui:options': { unique: true } },
    AngularCulture: {
      'ui:widget': 'remoteSelect',
      'ui:options': {
        source: '/api/Language/GetAvailableAngularCultures',
        valueField: 'Id',
        labelField: 'Name',
      },
    },
    KendoCulture: {
      'ui:widget': 'remoteSelect',
      'ui:options': {
        source: '/api/Language/GetAvailableKendoCultures',
        valueField: 'Id',
        labelField: 'Name',
      },
    },
  },
  screens: { list: '/admin/languages', detail: '/admin/languages/new' },
  api: {
    Get: '/api/Language/GetLanguageById/{id}',
    Save: '/api/Language/CreateLanguage',
    Delete: 'POST /api/Language/DeleteLanguage?Id={id}',
  },
  permissions: {
    read: 'ManageLanguages',
    create: '!authorized',
    update: '!authorized',
    delete: '!authorized',
  },
  unique: ['Id'],
  storage: {
    table: 'languages',
    key: 'id',
    versionColumn: 'version',
    fields: {
      Id: 'id',
      Name: 'name',
      AngularCulture: 'angular_culture',
      KendoCulture: 'kendo_culture',
      Version: 'version',
    },
  },
  grid: {
    PageTitle: 'ROUTES.LANGUAGES',
    ListUrl: '/odata/LanguagesOData',
    DetailUrl: '/admin/languages/new',
    PageSize: 20,
    DefaultSort: [{ Field: 'Name', Desc: false }],
    DefaultFilter: null,
    DefaultFilterTitle: null,
    Columns: [
      column(1, 'Id', 'ENTITY.LANGUAGE.ID', 'string'),
      column(2, 'Name', 'ENTITY.LANGUAGE.NAME', 'string'),
      column(3, 'AngularCulture', 'ENTITY.LANGUAGE.ANGULAR_CULTURE', 'string'),
      column(4, 'KendoCulture', 'ENTITY.LANGUAGE.KENDO_CULTURE', 'string'),
    ],
    Actions: [newAction('ManageLanguages')],
    RowActions: [
      {
        Id: 1,
        Title: 'PAGES.LANGUAGES.TRANSLATE',
        Type: 'Open',
        UrlToRedirect: '/admin/languages/{id}/translations',
        Order: 1,
        Permission: 'ManageLanguages',
      },
      {
        Id: 2,
        Title: 'GRID.ACTION.DELETE',
        Type: 'Delete',
        UrlToRedirect: null,
        Order: 2,
        Permission: 'ManageLanguages',
      },
    ],
  },
} as const satisfies EntityDefinition;
