import { Alert, Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GridPage } from '#metadata';
import { SchemaGrid } from '#platform/ui';
import { localPage } from './local-rows';

type Row = Record<string, unknown>;

export interface LocalRowsGridProps {
  /** Whether the list has loaded yet, or failed to. */
  status: 'loading' | 'ready' | 'failed';
  page: GridPage;
  /** Every row loaded: a new list refreshes the grid. */
  rows: readonly Row[];
  /** The rows the screen's own filters leave, paged and sorted by the grid. */
  matching: readonly Row[];
  /** Changes whenever the screen's filters do: the grid goes back to its first page. */
  filtersKey: string;
}

/**
 * A read-only grid over a list the screen loaded itself, with its loading and failure states.
 *
 * @example <LocalRowsGrid status={state.status} page={page} rows={rows} matching={matching} filtersKey={search} />
 */
export function LocalRowsGrid({ status, page, rows, matching, filtersKey }: LocalRowsGridProps) {
  const { t } = useTranslation();
  if (status === 'failed') return <Alert color="red">{t('AUDIT_SCREENS.LOAD_FAILED')}</Alert>;
  if (status === 'loading') {
    return (
      <Center mih={120}>
        <Loader type="dots" />
      </Center>
    );
  }
  return (
    <SchemaGrid
      page={page}
      fetchRows={async (request) => localPage(matching, request)}
      filtersKey={filtersKey}
      refreshKey={rows}
      can={() => true}
      onAction={() => undefined}
    />
  );
}
