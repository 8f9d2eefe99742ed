import { useEffect, useState } from 'react';
import type { Loaded } from '../../engine/use-grid-page';
import { type DataSourceChoice, gridPageApi, type SourceField } from './grid-page-api';

function useLoaded<T>(load: (() => Promise<T>) | null, key: unknown): Loaded<T> | null {
  const [loaded, setLoaded] = useState<{ key: unknown; value: Loaded<T> } | null>(null);
  useEffect(() => {
    if (!load) return;
    let live = true;
    load().then(
      (value) => live && setLoaded({ key, value: { status: 'ready', value } }),
      () => live && setLoaded({ key, value: { status: 'failed' } }),
    );
    return () => {
      live = false;
    };
    // `key` names what `load` loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (!load) return null;
  return loaded !== null && loaded.key === key ? loaded.value : { status: 'loading' };
}

/** The data sources a page may show (`odata/DataSourcesOData`), built-in and user tables. */
export function useDataSourceChoices(): Loaded<DataSourceChoice[]> {
  return useLoaded(gridPageApi.dataSources, 'all') ?? { status: 'loading' };
}

/** The fields of a data source (`GET api/dataSources/{id}/fields`); null while none is chosen. */
export function useSourceFields(dataSourceId: number): Loaded<SourceField[]> | null {
  return useLoaded(dataSourceId > 0 ? () => gridPageApi.fields(dataSourceId) : null, dataSourceId);
}
