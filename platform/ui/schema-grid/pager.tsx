import { ActionIcon, Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RefreshIcon } from './icons';

/** The sizes offered in the selector; the page's own size is added when missing. */
export const pageSizeChoices = [5, 10, 15, 20, 50, 100] as const;

export function pageSizeOptions(own: number): number[] {
  return [...new Set<number>([...pageSizeChoices, own])].sort((a, b) => a - b);
}

export interface PagerProps {
  pageIndex: number;
  pageSize: number;
  /** Rows matching the filters on the server. */
  count: number;
  pageSizes: readonly number[];
  onPageChange(pageIndex: number): void;
  onPageSizeChange(pageSize: number): void;
  onRefresh(): void;
}

const controlLabels = {
  first: 'GRID.PAGER_FIRST',
  previous: 'GRID.PAGER_PREVIOUS',
  next: 'GRID.PAGER_NEXT',
  last: 'GRID.PAGER_LAST',
} as const;

/** Below the grid: pages, rows per page, a "1–20 of 153" summary and refresh. */
export function Pager(props: PagerProps) {
  const { pageIndex, pageSize, count, pageSizes } = props;
  const { t } = useTranslation();
  const sizeId = useId();
  const pageCount = Math.max(1, Math.ceil(count / pageSize));
  const from = pageIndex * pageSize + 1;
  const to = Math.min(count, (pageIndex + 1) * pageSize);
  const summary =
    count === 0 || from > count
      ? t('GRID.PAGER_EMPTY')
      : t('GRID.PAGER_SUMMARY', { from, to, count });

  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <nav aria-label={t('GRID.PAGER')}>
        <Pagination
          size="sm"
          withEdges
          total={pageCount}
          value={Math.min(pageIndex + 1, pageCount)}
          onChange={(page) => props.onPageChange(page - 1)}
          getControlProps={(control) => ({ 'aria-label': t(controlLabels[control]) })}
          getItemProps={(page) => ({ 'aria-label': t('GRID.PAGER_PAGE', { page }) })}
        />
      </nav>
      <Group gap="sm" wrap="nowrap">
        {/* gray.7, not dimmed: dimmed grey on white fails WCAG AA contrast (3.3:1). */}
        <Text component="label" htmlFor={sizeId} size="sm" c="gray.7">
          {t('GRID.PAGE_SIZE')}
        </Text>
        <NativeSelect
          id={sizeId}
          size="xs"
          w={72}
          data={pageSizes.map(String)}
          value={String(pageSize)}
          onChange={(event) => props.onPageSizeChange(Number(event.currentTarget.value))}
        />
        <Text size="sm" role="status">
          {summary}
        </Text>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('GRID.REFRESH')}
          onClick={props.onRefresh}
        >
          <RefreshIcon />
        </ActionIcon>
      </Group>
    </Group>
  );
}
