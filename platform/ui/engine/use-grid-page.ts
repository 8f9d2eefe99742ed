import { useEffect, useState } from 'react';
import type { GridPage } from '#metadata';
import { loadGridPage } from './entity-api';

export type Loaded<T> =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; value: T };

/** Loads a grid page definition (and reloads when the id changes). */
export function useGridPage(id: number | undefined): Loaded<GridPage> {
  const [state, setState] = useState<Loaded<GridPage>>({ status: 'loading' });
  useEffect(() => {
    if (id === undefined) {
      setState({ status: 'failed' });
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    loadGridPage(id).then(
      (value) => live && setState({ status: 'ready', value }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [id]);
  return state;
}
