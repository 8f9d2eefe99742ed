import { useEffect, useEffectEvent, useState } from 'react';
import type { ODataRequest } from './odata-request';

/** One page of rows and how many rows match on the server. */
export interface RowPage<Row> {
  count: number;
  rows: Row[];
}

/** Aborted when the grid no longer wants the page (a newer request, or unmounted). */
export interface FetchOptions {
  signal: AbortSignal;
}

export interface GridData<Row> extends RowPage<Row> {
  /** A request is under way; the previous page stays shown meanwhile. */
  loading: boolean;
  /** The last request failed; rows and count are those of the last success. */
  failed: boolean;
  /** Sends the current request again. */
  reload(): void;
}

const noRows: never[] = [];

/**
 * Fetches the page a request describes whenever the request (compared by value), the
 * `refreshKey`, the `filtersKey` or a `reload()` changes. Only the latest request may set the rows: an
 * older one is aborted through its signal, and its response, should it still arrive, dropped.
 */
export function useGridData<Row>(
  fetchRows: (request: ODataRequest, options: FetchOptions) => Promise<RowPage<Row>>,
  request: ODataRequest,
  refreshKey?: unknown,
  /** The app's own filters, serialised: a change fetches again. */
  filtersKey = '',
): GridData<Row> {
  const [page, setPage] = useState<RowPage<Row>>({ count: 0, rows: noRows });
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const requestKey = JSON.stringify(request);
  // The app may pass a new fetchRows on each render; only the request decides a fetch.
  const fetchPage = useEffectEvent(
    (signal: AbortSignal) =>
      new Promise<RowPage<Row>>((resolve) => resolve(fetchRows(request, { signal }))),
  );

  useEffect(() => {
    let latest = true;
    const controller = new AbortController();
    setLoading(true);
    fetchPage(controller.signal).then(
      (result) => {
        if (!latest) return;
        setPage({ count: result.count, rows: result.rows });
        setFailed(false);
        setLoading(false);
      },
      // The app's fetchRows reports its own errors (HTTP client); the grid only shows the state.
      () => {
        if (!latest) return;
        setFailed(true);
        setLoading(false);
      },
    );
    return () => {
      latest = false;
      controller.abort();
    };
  }, [requestKey, refreshKey, filtersKey, attempt]);

  return { ...page, loading, failed, reload: () => setAttempt((n) => n + 1) };
}
