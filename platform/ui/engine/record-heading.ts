import type { GridPage } from '#metadata';
import { inSentence } from '../schema-form';
import type { EntityRow } from './entity-api';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The value that names a row: the form's `titleField`, else the grid's first column. */
function titleOf(page: GridPage, row: EntityRow, titleField: unknown): string {
  const first = [...page.Columns].sort((a, b) => a.Order - b.Order)[0]?.Field;
  const field = typeof titleField === 'string' ? titleField : first;
  const value = field ? row[field] : undefined;
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

/**
 * The heading of a row's detail screen, saying which row is open: `User: companyadmin`,
 * `New unit`. The form definition's root `ui:options` name the kind of row (`recordName`, a
 * translation key) and the field that names a row (`titleField`, else the grid's first
 * column); without `recordName` the page title stands in (`Units: BRS`, `Units: new`).
 *
 * @example
 * // FormDefinition: { 'ui:options': { recordName: 'ENTITY.UNIT.RECORD', titleField: 'Code' } }
 * recordHeading(page, { Id: 0 }, true, t) // 'New unit'
 */
export function recordHeading(page: GridPage, row: EntityRow, isNew: boolean, t: Translate) {
  const options = (page.FormDefinition?.['ui:options'] ?? {}) as Record<string, unknown>;
  const recordKey = typeof options.recordName === 'string' ? options.recordName : null;
  const pageTitle = t(page.PageTitle);
  const title = titleOf(page, row, options.titleField) || String(row[page.PkField] ?? '');
  if (!recordKey) {
    return isNew
      ? t('ENGINE.NEW_TITLE', { page: pageTitle })
      : t('ENGINE.RECORD_TITLE', { page: pageTitle, title });
  }
  const record = t(recordKey);
  return isNew
    ? t('ENGINE.NEW_RECORD_TITLE', { record, recordLower: inSentence(record) })
    : t('ENGINE.NAMED_RECORD_TITLE', { record, title });
}
