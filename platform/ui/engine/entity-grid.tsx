import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { GridAction, GridPage, GridRowAction } from '#metadata';
import { dialogs } from '../dialogs';
import {
  combinedFilter,
  type FetchOptions,
  type FetchValues,
  type ODataRequest,
  type RowPage,
  SchemaGrid,
  type SchemaGridProps,
} from '../schema-grid';
import {
  deleteRow,
  type EntityRow,
  fetchRows,
  fetchValues,
  fillUrl,
  isUserTablePage,
  rowKey,
  withFixedFilter,
} from './entity-api';
import { entityExtension } from './entity-extensions';
import { failureText } from './failure-text';
import { useCan } from './use-can';
import { useInlineEditing } from './use-inline-editing';

/** What a screen may add to the engine's grid: the SchemaGrid options it passes on. */
type PassedOn = Pick<
  SchemaGridProps<EntityRow>,
  | 'persistence'
  | 'filtersKey'
  | 'pageSizes'
  | 'toolbar'
  | 'emptyMessage'
  | 'onRowClick'
  | 'rowUpdates'
  | 'renderFilterValue'
  | 'onRequestChange'
  | 'nameRow'
  | 'selectable'
  | 'onSelectionChange'
  | 'refreshKey'
>;

export interface EntityGridProps extends PassedOn {
  page: GridPage;
  /** A filter the user cannot clear, ANDed to theirs (e.g. one entity's history). */
  fixedFilter?: string | null;
  /**
   * Loads the rows in place of the page's `ListUrl` call as it is (a list with parameters of
   * its own, such as the deliveries' past and Mine switches).
   */
  fetchRows?(request: ODataRequest, options: FetchOptions): Promise<RowPage<EntityRow>>;
  /** Loads a value list in place of the engine's generic one. */
  fetchValues?: FetchValues;
  /**
   * Edits simple fields in their cells, saved through the page's row calls (default: on for
   * a page over a user table whose rows come from its own list call, off otherwise).
   */
  inlineEdit?: boolean;
}

function detailUrl(page: GridPage, action: GridAction | GridRowAction, id: unknown, mode: string) {
  const pattern = (action.UrlToRedirect || page.DetailUrl)?.replace('{gridId}', String(page.Id));
  if (!pattern) return null;
  const url = fillUrl(pattern, id, mode);
  return mode === 'view' && !pattern.includes('{mode}') ? `${url}?mode=view` : url;
}

/** A grid page's rows with its actions wired: open details, redirect, confirm and delete. */
export function EntityGrid({
  page,
  fixedFilter = null,
  fetchRows: ownRows,
  fetchValues: ownValues,
  refreshKey: outerRefreshKey,
  inlineEdit,
  ...passedOn
}: EntityGridProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const [refreshKey, setRefreshKey] = useState(0);
  const extension = entityExtension(page.DataSourceName);
  const editAction = page.RowActions.find((action) => action.Type === 'Edit');
  const editing = useInlineEditing(
    page,
    // Cells are edited where rows are: a page with an Edit button the caller may use.
    (inlineEdit ?? (isUserTablePage(page) && !ownRows)) &&
      editAction !== undefined &&
      can(editAction.Permission),
  );

  const remove = useCallback(
    async (row: EntityRow) => {
      if (!(await dialogs.confirm(t('ENGINE.DELETE_CONFIRM')))) return;
      try {
        await deleteRow(page, rowKey(page, row));
        extension.afterDelete?.(row);
        dialogs.success(t('ENGINE.DELETED'));
      } catch (error) {
        await dialogs.warning(failureText(error, t('ENGINE.DELETE_FAILED')));
      }
      setRefreshKey((key) => key + 1);
    },
    [extension, page, t],
  );

  const onAction = useCallback(
    (action: GridAction | GridRowAction, row?: EntityRow) => {
      // A page may send the user to another site (an action's UrlToRedirect).
      const go = (url: string | null) => {
        if (!url) return;
        if (/^https?:\/\//i.test(url)) window.location.assign(url);
        else navigate(url);
      };
      switch (action.Type) {
        case 'Delete':
          if (row) void remove(row);
          return;
        case 'Redirect':
          return go(action.UrlToRedirect);
        case 'New':
          return go(detailUrl(page, action, 0, 'edit'));
        default: {
          const id = row && rowKey(page, row);
          go(detailUrl(page, action, id, action.Type === 'View' ? 'view' : 'edit'));
        }
      }
    },
    [navigate, page, remove],
  );

  const rows = useCallback(
    (request: ODataRequest, options: FetchOptions) => {
      const filtered = withFixedFilter(request, fixedFilter);
      return ownRows ? ownRows(filtered, options) : fetchRows(page, filtered, options.signal);
    },
    [page, fixedFilter, ownRows],
  );
  const values = useCallback<FetchValues>(
    (field, search, scope) => {
      // The fixed filter bounds the value lists as it bounds the rows.
      const $filter = combinedFilter(fixedFilter, scope?.$filter);
      return ownValues
        ? ownValues(field, search, { $filter })
        : fetchValues(page, field, search, { $filter });
    },
    [page, ownValues, fixedFilter],
  );

  return (
    <SchemaGrid
      page={page}
      fetchRows={rows}
      fetchValues={values}
      can={can}
      onAction={onAction}
      refreshKey={`${refreshKey}:${String(outerRefreshKey ?? '')}`}
      renderCell={extension.cells}
      inlineEdit={editing}
      {...passedOn}
    />
  );
}
