import { Alert, Center, Loader, Stack, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { GridPage } from '#metadata';
import { useCurrentRoute, useNavigationLock, useRouteDefinitions } from '../routing';
import { SchemaForm } from '../schema-form';
import { checkUnique, type EntityRow, loadRow } from './entity-api';
import { type EntityEditContext, type EntityForm, entityExtension } from './entity-extensions';
import { EntityHistory } from './entity-history';
import { useCan } from './use-can';
import { recordHeading } from './record-heading';
import { useEntitySave } from './use-entity-save';
import { type Loaded, useGridPage } from './use-grid-page';

function useRow(page: GridPage | null, id: string): [Loaded<EntityRow>, () => void] {
  const [state, setState] = useState<Loaded<EntityRow>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!page) return;
    let live = true;
    loadRow(page, id).then(
      (value) => live && setState({ status: 'ready', value }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [page, id, attempt]);
  return [state, () => setAttempt((n) => n + 1)];
}

/** Where the list of this grid page is, to go back to after a save or cancel. */
function useListPath(gridPage: number): string {
  const routes = useRouteDefinitions();
  return (
    routes.find((route) => route.GridPage === gridPage && route.Screen === 'entityGrid')?.route ??
    '/'
  );
}

/** The schema, form definition and form context of the row, as the extension shapes them. */
function useEntityForm(
  page: GridPage,
  row: EntityRow | null,
  { isNew, mode }: Pick<EntityEditContext, 'isNew' | 'mode'>,
) {
  const can = useCan();
  const { t } = useTranslation();
  const extension = entityExtension(page.DataSourceName);
  return useMemo(() => {
    const base: EntityForm = { schema: page.SchemaDefinition, uiSchema: page.FormDefinition };
    if (!row) return { form: base, formContext: undefined };
    const context: EntityEditContext = { can, isNew, mode, t: (key) => t(key) };
    return {
      form: extension.form?.(base, row, context) ?? base,
      formContext: extension.formContext?.(row, context),
    };
  }, [page, extension, row, isNew, mode, can, t]);
}

function Detail({ page, id, viewOnly }: { page: GridPage; id: string; viewOnly: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const [row, reload] = useRow(page, id);
  const listPath = useListPath(page.Id);
  const extension = entityExtension(page.DataSourceName);
  const isNew = id === '0';
  const guard = isNew
    ? page.Actions.find((action) => action.Type === 'New')?.Permission
    : page.RowActions.find((action) => action.Type === 'Edit')?.Permission;
  const mode = viewOnly || !can(guard) ? 'view' : 'edit';
  const { form, formContext } = useEntityForm(page, row.status === 'ready' ? row.value : null, {
    isNew,
    mode,
  });
  const [dirty, setDirty] = useState(false);
  const { submit, busy } = useEntitySave({
    page,
    extension,
    onSaved: useCallback(() => navigate(listPath), [navigate, listPath]),
    reload,
  });
  // Unsaved changes or a save under way lock the profile and sign-out links.
  useNavigationLock(dirty || busy);

  if (row.status === 'loading') return <Loader type="dots" />;
  if (row.status === 'failed') return <Alert color="red">{t('ENGINE.ROW_NOT_LOADED')}</Alert>;
  return (
    <Stack gap="xl">
      <Stack gap="md">
        <Title order={2}>
          {recordHeading(page, row.value, isNew, (key, options) => t(key, options ?? {}))}
        </Title>
        <SchemaForm<EntityRow>
          schema={form.schema}
          uiSchema={form.uiSchema}
          formData={row.value}
          mode={mode}
          busy={busy}
          onDirtyChange={setDirty}
          onSubmit={submit}
          onCancel={() => navigate(listPath)}
          checkUnique={(field, value) =>
            checkUnique(page, field, value, isNew ? null : row.value[page.PkField])
          }
          widgets={extension.widgets}
          formContext={formContext}
        />
      </Stack>
      {!isNew && can('ViewAuditLog') && (
        <EntityHistory entityType={page.EntityType} entityId={String(row.value[page.PkField])} />
      )}
    </Stack>
  );
}

/**
 * The detail of one row of a grid page: `:id` (0 = new) and the view or edit mode (`:mode`
 * or `?mode=view`); the form is the data source's schema and form definition, the row comes
 * from and goes to the page's calls, and the row's history follows for those who may see it.
 */
export function EntityDetailScreen() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const params = useParams();
  const [search] = useSearchParams();
  const page = useGridPage(route.GridPage ?? (Number(params.gridId) || undefined));
  const id = params.id ?? '0';
  const viewOnly = params.mode === 'view' || search.get('mode') === 'view';

  if (page.status === 'loading') {
    return (
      <Center mih={200}>
        <Loader type="dots" />
      </Center>
    );
  }
  if (page.status === 'failed') return <Alert color="red">{t('ENGINE.PAGE_NOT_LOADED')}</Alert>;
  return <Detail page={page.value} id={id} viewOnly={viewOnly} />;
}
