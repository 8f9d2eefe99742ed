import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridPage } from '#metadata';
import { HttpError } from '../http';
import { CellSaveError, type InlineEditing } from '../schema-grid';
import { fieldError } from '../schema-form';
import { type EntityRow, isGenericRows, loadRow, rowKey, saveRow } from './entity-api';
import { failureText } from './failure-text';
import { fieldTitle, isDuplicateKey } from './duplicate-key';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The row sent for one changed cell: for the generic row calls only the key, the field and the
 * Version read (the server keeps the other fields, so a column the list shows differently
 * cannot overwrite them); for a page's own save call the row with the new value.
 */
function changedRow(page: GridPage, row: EntityRow, field: string, value: unknown): EntityRow {
  if (!isGenericRows(page)) return { ...row, [field]: value };
  return { Id: rowKey(page, row), [field]: value, Version: row.Version };
}

async function saveCell(
  page: GridPage,
  row: EntityRow,
  field: string,
  value: unknown,
  t: Translate,
): Promise<EntityRow> {
  const key = rowKey(page, row);
  try {
    const answer = await saveRow(page, changedRow(page, row, field, value));
    if (rowKey(page, answer) !== undefined) return { ...row, ...answer };
    return await loadRow(page, String(key));
  } catch (error) {
    if (error instanceof HttpError && error.status === 409) {
      const now = await loadRow(page, String(key)).catch(() => null);
      throw new CellSaveError(t('GRID.INLINE.STALE'), now);
    }
    if (isDuplicateKey(error)) {
      throw new CellSaveError(t('UDT.DUPLICATE_PK', { field: fieldTitle(page, field, t) }));
    }
    throw new CellSaveError(failureText(error, t('ENGINE.SAVE_FAILED')));
  }
}

/**
 * Inline editing of a grid page's rows: each value checked with its field's JSON Schema as
 * the form checks it, then saved through the page's row calls with the row's Version; a
 * stale row (409) is read again. Undefined when not `enabled`.
 */
export function useInlineEditing(
  page: GridPage,
  enabled: boolean,
): InlineEditing<EntityRow> | undefined {
  const { t } = useTranslation();
  return useMemo(() => {
    if (!enabled) return undefined;
    const translate: Translate = (key, options) => (options ? t(key, options) : t(key));
    return {
      validate: (field, value) =>
        fieldError(
          page.SchemaDefinition,
          field,
          value,
          fieldTitle(page, field, translate),
          translate,
        ),
      save: (row, field, value) => saveCell(page, row, field, value, translate),
    };
  }, [page, enabled, t]);
}
