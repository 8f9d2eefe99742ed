import { Alert, Box, Grid, Paper, Stack, Title } from '@mantine/core';
import {
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useReducer,
  useState,
} from 'react';
import { gridPageEntity } from '#metadata';
import { useCan } from '../../engine/use-can';
import { useNavigationLock } from '../../routing';
import { useTranslate } from '../data-source/use-translate';
import { ActionsPane } from './actions-pane';
import { CardFieldsPane } from './card-fields-pane';
import { ColumnsPane } from './columns-pane';
import { DesignerActions } from './designer-actions';
import { DesignerContext, type DesignerContextValue } from './designer-context';
import { designerReducer } from './designer-state';
import { initialState } from './drafts';
import { DesignerSummary } from './designer-summary';
import type { GridPageView } from './grid-page-api';
import { GridPreview } from './grid-preview';
import { PageSettings } from './page-settings';
import { designProblems, hasProblems, saveBodyOf } from './save-body';
import { useDataSourceChoices, useSourceFields } from './use-source-data';
import { useDesignerSave } from './use-designer-save';

const { permissions } = gridPageEntity;
const stickyTop = 'calc(var(--app-shell-header-offset, 0rem) + var(--mantine-spacing-md))';
const stickyHeight = `calc(100dvh - ${stickyTop} - var(--mantine-spacing-md))`;

/** A pane, named by the heading it draws with the id it is given. */
function Pane({ children }: { children: (headingId: string) => ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder p="md" radius="md">
      {children(id)}
    </Paper>
  );
}

export interface GridPageDesignerProps {
  page: GridPageView;
  listPath: string;
  /** After a new grid page was created, as the server answered it. */
  onCreated(page: GridPageView): void;
  /** Loads the grid page again (after a stale save). */
  reload(): void;
}

/**
 * The designer of one grid page: its settings, columns and buttons, beside a live preview of
 * the page drawing the data source's rows (below it on narrow screens).
 */
export function GridPageDesigner({ page, listPath, onCreated, reload }: GridPageDesignerProps) {
  const t = useTranslate();
  const can = useCan();
  const [state, dispatch] = useReducer(designerReducer, page, initialState);
  const isNew = state.page.Id === 0;
  const readOnly = !can(isNew ? permissions.create : permissions.update);
  const choices = useDataSourceChoices();
  const fields = useSourceFields(state.dataSourceId);
  useEffect(() => {
    if (fields?.status === 'ready') {
      dispatch({ type: 'fields', dataSourceId: state.dataSourceId, fields: fields.value });
    }
  }, [fields, state.dataSourceId]);

  // What the server said of the default filter the preview sent, while it is still the filter.
  const [filterCheck, setFilterCheck] = useState<{ filter: string; problem: string } | null>(null);
  const onFilterProblem = useCallback(
    (filter: string, problem: string | null) =>
      setFilterCheck(problem === null ? null : { filter, problem }),
    [],
  );
  const filterProblem =
    filterCheck && filterCheck.filter === state.filter.trim() ? filterCheck.problem : null;

  const problems = useMemo(() => designProblems(state), [state]);
  const baseline = useMemo(
    () => JSON.stringify(saveBodyOf(initialState(state.page))),
    [state.page],
  );
  const dirty = !readOnly && JSON.stringify(saveBodyOf(state)) !== baseline;
  const { save, busy } = useDesignerSave({ state, dispatch, onCreated, reload });
  // Unsaved changes or a save under way lock the profile and sign-out links.
  useNavigationLock(dirty || busy);

  const context = useMemo<DesignerContextValue>(
    () => ({ state, dispatch, readOnly, problems, choices, fields, filterProblem }),
    [state, readOnly, problems, choices, fields, filterProblem],
  );
  return (
    <DesignerContext.Provider value={context}>
      <Stack gap="lg">
        <Title order={2}>
          {isNew
            ? t('GRID_DESIGNER.NEW_TITLE')
            : t('GRID_DESIGNER.TITLE', { title: t(state.page.PageTitle) })}
        </Title>
        {state.page.IsSystem && <Alert color="blue">{t('GRID_DESIGNER.SYSTEM')}</Alert>}
        {readOnly && <Alert color="blue">{t('GRID_DESIGNER.NOT_YOURS')}</Alert>}
        <Pane>{(id) => <PageSettings headingId={id} />}</Pane>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, xl: 6 }}>
            <Stack gap="lg">
              <Pane>{(id) => <ColumnsPane headingId={id} />}</Pane>
              <Pane>{(id) => <ActionsPane headingId={id} />}</Pane>
              <Pane>{(id) => <CardFieldsPane headingId={id} />}</Pane>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, xl: 6 }}>
            {/* Beside the lists on wide screens, the preview stays in view while they scroll. */}
            <Box
              pos={{ base: 'static', xl: 'sticky' }}
              top={stickyTop}
              mah={{ xl: stickyHeight }}
              style={{ overflowY: 'auto' }}
            >
              <Pane>
                {(id) => <GridPreview headingId={id} onFilterProblem={onFilterProblem} />}
              </Pane>
            </Box>
          </Grid.Col>
        </Grid>
        <DesignerSummary />
        <DesignerActions
          listPath={listPath}
          dirty={dirty}
          busy={busy}
          canSave={!readOnly && !busy && !hasProblems(problems)}
          canDelete={!isNew && can(permissions.delete)}
          onSave={() => void save()}
        />
      </Stack>
    </DesignerContext.Provider>
  );
}
