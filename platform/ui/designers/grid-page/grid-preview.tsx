import { Alert, Box, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { memo, type MouseEvent, useCallback, useMemo, useState } from 'react';
import type { GridPage } from '#metadata';
import { EntityGrid } from '../../engine/entity-grid';
import { failureText } from '../../engine/failure-text';
import { HttpError } from '../../http';
import type { EntityRow } from '../../engine/entity-api';
import type { FetchOptions, ODataRequest, RowPage } from '../../schema-grid';
import { useTranslate } from '../data-source/use-translate';
import { useDesigner, useFieldList } from './designer-context';
import { keyOf } from './drafts';
import { gridPageApi } from './grid-page-api';
import { previewPageOf } from './save-body';

/** How long the preview waits after the last change before it draws (and maybe fetches). */
export const previewDelayMs = 400;

export interface GridPreviewProps {
  headingId: string;
  /** What the server said of a default filter the preview sent (null: it was accepted). */
  onFilterProblem(filter: string, problem: string | null): void;
}

/** The engine's grid, drawn again only when the page (debounced) or its row call changes. */
const PreviewGrid = memo(function PreviewGrid({
  page,
  fetchRows,
}: {
  page: GridPage;
  fetchRows(request: ODataRequest, options: FetchOptions): Promise<RowPage<EntityRow>>;
}) {
  return <EntityGrid page={page} fetchRows={fetchRows} />;
});

/** The buttons' titles as the grid shows them: a click on one of them does nothing here. */
function useInertActions(page: GridPage | null) {
  const t = useTranslate();
  const [notice, setNotice] = useState<string | null>(null);
  const titles = useMemo(
    () => new Set([...(page?.Actions ?? []), ...(page?.RowActions ?? [])].map((a) => t(a.Title))),
    [page, t],
  );
  const onClickCapture = (event: MouseEvent) => {
    const target = (event.target as Element).closest('button, [role="menuitem"]');
    if (!target || target.closest('thead')) return;
    const name = target.getAttribute('aria-label') ?? target.textContent?.trim() ?? '';
    if (!titles.has(name)) return;
    event.preventDefault();
    event.stopPropagation();
    setNotice(t('GRID_DESIGNER.PREVIEW.INERT', { action: name }));
  };
  return { notice, onClickCapture };
}

/** The width the preview draws the page at: a desktop screen's content. */
const previewWidth = 1200;

/**
 * The page as users will get it: the engine's grid drawing the design as it is now, with the
 * data source's real rows. It follows the design a moment after the last change, so that
 * typing a filter or a title does not ask the server for rows at every key.
 */
export function GridPreview({ headingId, onFilterProblem }: GridPreviewProps) {
  const t = useTranslate();
  const { state, choices } = useDesigner();
  const key = keyOf(useFieldList());
  const sourceName =
    (choices.status === 'ready'
      ? choices.value.find((choice) => choice.Id === state.dataSourceId)?.Name
      : undefined) ?? state.page.DataSourceName;
  const current = useMemo(
    () =>
      state.dataSourceId > 0 && state.columns.length > 0
        ? previewPageOf(state, { name: sourceName, key })
        : null,
    [state, sourceName, key],
  );
  const [page] = useDebouncedValue(current, previewDelayMs);
  const [failure, setFailure] = useState<string | null>(null);
  const { notice, onClickCapture } = useInertActions(page);

  const listUrl = page?.ListUrl ?? '';
  const defaultFilter = page?.DefaultFilter?.trim() || null;
  const fetchRows = useCallback(
    async (request: ODataRequest, { signal }: FetchOptions) => {
      try {
        const rows = await gridPageApi.rows(listUrl, request, signal);
        setFailure(null);
        if (defaultFilter) onFilterProblem(defaultFilter, null);
        return rows;
      } catch (error) {
        if (signal.aborted) throw error;
        const text = failureText(error, t('GRID.LOAD_ERROR'));
        // Refused while the default filter was all the filtering there was: the filter is at fault.
        const byFilter =
          error instanceof HttpError &&
          error.status === 400 &&
          defaultFilter !== null &&
          request.$filter === defaultFilter;
        if (byFilter) onFilterProblem(defaultFilter, text);
        setFailure(byFilter ? null : text);
        throw error;
      }
    },
    [listUrl, defaultFilter, onFilterProblem, t],
  );

  return (
    <Stack gap="sm">
      <Title order={3} id={headingId}>
        {t('GRID_DESIGNER.PREVIEW')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('GRID_DESIGNER.PREVIEW.HELP')}
      </Text>
      <Text size="sm" c="blue" role="status">
        {notice}
      </Text>
      {failure && (
        <Alert color="red">{t('GRID_DESIGNER.PREVIEW.FAILED', { problem: failure })}</Alert>
      )}
      {page ? (
        // The page at the width it has on a desktop screen, scrolled inside its frame.
        <Box
          onClickCapture={onClickCapture}
          style={{
            overflowX: 'auto',
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 'var(--mantine-radius-sm)',
          }}
        >
          <Box miw={previewWidth} p="xs">
            <PreviewGrid
              // The grid takes its page size when it starts: another size or source starts it anew.
              key={`${page.DataSourceId}:${page.PageSize}`}
              page={page}
              fetchRows={fetchRows}
            />
          </Box>
        </Box>
      ) : (
        <Text size="sm" c="dimmed">
          {t('GRID_DESIGNER.PREVIEW.EMPTY')}
        </Text>
      )}
    </Stack>
  );
}
