import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Timestamps come back as Date and may be written as Date or ISO text. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface SettingsTable {
  key: string;
  value: unknown;
  updatedAt: Timestamp;
}

export interface LanguagesTable {
  id: string;
  name: string;
  angularCulture: string;
  kendoCulture: string;
  lastUpdated: Timestamp;
  version: Generated<number>;
}

export interface TranslationKeysTable {
  key: string;
  defaultText: string;
}

export interface TranslationsTable {
  languageId: string;
  key: string;
  text: string;
}

export interface MenuItemsTable {
  languageId: string;
  id: number;
  name: string;
  url: string | null;
  parentId: number | null;
  order: number;
}

export interface ProblemReportsTable {
  id: Generated<number>;
  errorLog: string;
  previousPage: string | null;
  severity: string;
  time: string;
  reporterId: number | null;
  email: string | null;
  name: string | null;
  language: string | null;
  userAgent: string | null;
  ip: string | null;
  createdAt: Generated<Date>;
  mailedAt: Date | null;
}

/** The one description of the database; every query's types are inferred from it. */
export interface Database {
  settings: SettingsTable;
  languages: LanguagesTable;
  translationKeys: TranslationKeysTable;
  translations: TranslationsTable;
  menuItems: MenuItemsTable;
  problemReports: ProblemReportsTable;
}

export type ProblemReportRow = Selectable<ProblemReportsTable>;
export type NewProblemReport = Insertable<ProblemReportsTable>;
