import { Alert, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { type ReactNode, useId, useMemo, useReducer } from 'react';
import { type DataSourceView, dataSourceEntity } from '#metadata';
import { useCan } from '../../engine/use-can';
import { useNavigationLock } from '../../routing';
import { AccessRulesPanel } from './access-rules-panel';
import { ControlTree } from './control-tree';
import { CreateScreenOffer } from './create-screen-offer';
import { DesignerActions } from './designer-actions';
import { DesignerContext, type DesignerContextValue } from './designer-context';
import { DesignerHeader } from './designer-header';
import { designerReducer, initialState } from './designer-state';
import { DesignerSummary } from './designer-summary';
import { FieldEditor } from './field-editor';
import { shownFieldProblems } from './field-problems';
import { FieldTree } from './field-tree';
import { FormPreview } from './form-preview';
import { designProblems, hasProblems, saveBodyOf } from './save-body';
import { useDesignerSave } from './use-designer-save';
import { useTranslate } from './use-translate';

const { permissions } = dataSourceEntity;

/** One of the three panes, named by the heading it draws with the id it is given. */
function Pane({ children }: { children: (headingId: string) => ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder p="md" radius="md">
      <Stack gap="sm">{children(id)}</Stack>
    </Paper>
  );
}

export interface DataSourceDesignerProps {
  view: DataSourceView;
  listPath: string;
  /** After a new data source was created, as the server answered it. */
  onCreated(view: DataSourceView): void;
  /** Loads the data source again (after a stale save). */
  reload(): void;
}

/** The designer of one data source: name, key, permissions, field tree, form layout, preview. */
export function DataSourceDesigner({ view, listPath, onCreated, reload }: DataSourceDesignerProps) {
  const t = useTranslate();
  const can = useCan();
  const [state, dispatch] = useReducer(designerReducer, view, initialState);
  const isNew = state.view.Id === 0;
  const builtIn = state.view.IsSystem || state.view.IsVirtual;
  const readOnly = builtIn || !can(isNew ? permissions.create : permissions.update);

  const problems = useMemo(() => designProblems(state), [state]);
  const fieldProblems = useMemo(
    () => shownFieldProblems(problems.fields, state.fields, t),
    [problems.fields, state.fields, t],
  );
  const baseline = useMemo(
    () => JSON.stringify(saveBodyOf(initialState(state.view))),
    [state.view],
  );
  const dirty = !readOnly && JSON.stringify(saveBodyOf(state)) !== baseline;
  const { save, busy } = useDesignerSave({ state, dispatch, onCreated, reload });
  // Unsaved changes or a save under way lock the profile and sign-out links.
  useNavigationLock(dirty || busy);

  const context = useMemo<DesignerContextValue>(
    () => ({ state, dispatch, readOnly, fieldProblems }),
    [state, readOnly, fieldProblems],
  );
  return (
    <DesignerContext.Provider value={context}>
      <Stack gap="lg">
        <Title order={2}>
          {isNew ? t('DESIGNER.NEW_TITLE') : t('DESIGNER.TITLE', { name: state.view.Name })}
        </Title>
        {builtIn && <Alert color="blue">{t('DESIGNER.BUILT_IN')}</Alert>}
        {!builtIn && readOnly && <Alert color="blue">{t('DESIGNER.NOT_YOURS')}</Alert>}
        <CreateScreenOffer dirty={dirty} />
        <DesignerHeader problems={problems} />
        <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="lg">
          <Pane>
            {(id) => (
              <>
                <FieldTree headingId={id} />
                <FieldEditor />
              </>
            )}
          </Pane>
          <Pane>{(id) => <ControlTree headingId={id} />}</Pane>
          <Pane>{(id) => <FormPreview headingId={id} sound={problems.fields.length === 0} />}</Pane>
        </SimpleGrid>
        <DesignerSummary problems={problems} />
        <DesignerActions
          listPath={listPath}
          dirty={dirty}
          busy={busy}
          canSave={!readOnly && !busy && !hasProblems(problems)}
          canDelete={!isNew && !builtIn && can(permissions.delete)}
          onSave={() => void save()}
        />
        <AccessRulesPanel
          view={state.view}
          version={state.view.Version}
          onSaved={(version) => dispatch({ type: 'version', version })}
          reload={reload}
        />
      </Stack>
    </DesignerContext.Provider>
  );
}
