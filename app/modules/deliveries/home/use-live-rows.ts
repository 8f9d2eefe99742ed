import { useCallback, useRef, useState } from 'react';
import type { EntityRow, RowUpdate } from '#platform/ui';
import { fetchDeliveriesById } from './deliveries-list-api';
import type { PushedState } from './use-state-stream';

type Updates = ReadonlyMap<string, RowUpdate<EntityRow>>;

/**
 * The grid's rows as the server last pushed them: each pushed state shows at once in place,
 * then the shown rows among them are read again for the rest of what changed with the state
 * (its reason, the forecast). Rows not on screen are not fetched.
 */
export function useLiveRows() {
  const [updates, setUpdates] = useState<Updates>(new Map());
  const shownIds = useRef(new Set<string>());

  const apply = useCallback((rows: { id: string; values: Partial<EntityRow> }[], at: number) => {
    setUpdates((old) => {
      const next = new Map(old);
      for (const { id, values } of rows) {
        next.set(id, { values: { ...old.get(id)?.values, ...values }, at });
      }
      return next;
    });
  }, []);

  const onStates = useCallback(
    (states: PushedState[]) => {
      const at = Date.now();
      apply(
        states.map(({ Id, State, AvailableTimeForCompaction }) => ({
          id: String(Id),
          values: { State, AvailableTimeForCompaction },
        })),
        at,
      );
      const shown = states
        .map((state) => state.Id)
        .filter((id) => shownIds.current.has(String(id)));
      fetchDeliveriesById(shown).then(
        (rows) =>
          apply(
            rows.map((row) => ({ id: String(row.Id), values: row })),
            at,
          ),
        () => undefined,
      );
    },
    [apply],
  );

  /**
   * The grid loaded fresh rows, asked for at `requestedAt`: what was pushed before is in them
   * (or newer), so those values no longer cover what the server now says.
   */
  const onRowsShown = useCallback((rows: readonly EntityRow[], requestedAt: number) => {
    shownIds.current = new Set(rows.map((row) => String(row.Id)));
    setUpdates((old) => {
      const stale = [...old].filter(([, update]) => update.at < requestedAt);
      if (stale.length === 0) return old;
      const next = new Map(old);
      for (const [id] of stale) next.delete(id);
      return next;
    });
  }, []);

  const clear = useCallback(() => setUpdates(new Map()), []);

  return { updates, onStates, onRowsShown, clear };
}
