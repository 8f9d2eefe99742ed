import { useCallback } from 'react';
import type { GridPage } from '#metadata';
import { HistorySection } from './history-section';
import { loadRowHistory } from './user-table-api';

/**
 * The field-level history of one row of a user table (`api/dataSources/{id}/data/{rowId}/
 * history`), newest first: for anyone who may read the row, with the changes of fields they
 * may see, each named by its title.
 */
export function UserRowHistory({ page, rowId }: { page: GridPage; rowId: unknown }) {
  const load = useCallback(() => loadRowHistory(page, rowId), [page, rowId]);
  return (
    <HistorySection
      entityType={page.EntityType}
      entityId={String(rowId)}
      load={load}
      schema={page.SchemaDefinition}
    />
  );
}
