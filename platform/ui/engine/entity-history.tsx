import { useCallback } from 'react';
import { loadEntityHistory } from './change-log-api';
import { HistorySection } from './history-section';

/** The audit log of one row of a built-in entity (newest first), under its detail. */
export function EntityHistory({ entityType, entityId }: { entityType: string; entityId: string }) {
  const load = useCallback(() => loadEntityHistory(entityType, entityId), [entityType, entityId]);
  return <HistorySection entityType={entityType} entityId={entityId} load={load} />;
}
