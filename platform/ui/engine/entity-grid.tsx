import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { GridAction, GridPage, GridRowAction } from '#metadata';
import {
  combinedFilter,
  type FetchOptions,
  type FetchValues,
  type ODataRequest,
  type RowPage,
  SchemaGrid,
  type SchemaGridProps,
} from '../schema-grid';
import { ActionButton } from './actions/action-buttons';
import { actionRegistry } from './actions/action-registry';
import { type GridActionContext, gridSurface } from './actions/grid-actions';
import {
  type EntityRow,
  fetchRows,
  fetchValues,
  isUserTablePage,
  withFixedFilter,
} from './entity-api';
import { entityExtension } from './entity-extensions';
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

/**
 * A grid page's rows with its actions wired: each action its definition names by `Type` is
 * the registered action of that id (open details, redirect, confirm and delete are the
 * platform's), and the toolbar gains the registered grid actions whose predicate takes the page.
 */
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

  const reload = useCallback(() => setRefreshKey((key) => key + 1), []);
  const context = useMemo<GridActionContext>(
    () => ({
      page,
      reload,
      can,
      t,
      // A page may send the user to another site (an action's UrlToRedirect).
      go: (url) => {
        if (!url) return;
        if (/^https?:\/\//i.test(url)) window.location.assign(url);
        else void navigate(url);
      },
    }),
    [page, reload, can, t, navigate],
  );
  const onAction = useCallback(
    (definition: GridAction | GridRowAction, row?: EntityRow) =>
      // The definition's Type names a registered action (the spec's kinds are the platform's).
      void actionRegistry
        .get<GridActionContext>(definition.Type)
        ?.perform({ ...context, definition, row }),
    [context],
  );
  // Actions modules contributed to this grid, besides the ones its definition names.
  const named = new Set<string>(page.Actions.map((action) => action.Type));
  const contributed = actionRegistry
    .list<GridActionContext>(gridSurface, 'toolbar')
    .filter((action) => !named.has(action.id) && action.predicate?.(context));
  const toolbar =
    contributed.length > 0 ? (
      <>
        {contributed.map((action) => (
          <ActionButton key={action.id} action={action} context={context} size="xs" />
        ))}
        {passedOn.toolbar}
      </>
    ) : (
      passedOn.toolbar
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
      rowActionOffered={extension.rowActionOffered}
      inlineEdit={editing}
      {...passedOn}
      toolbar={toolbar}
    />
  );
}
