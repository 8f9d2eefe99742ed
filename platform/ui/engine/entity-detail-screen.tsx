import { Alert, Center, Loader, Stack, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { GridPage } from '#metadata';
import { dialogs } from '../dialogs';
import { useCurrentRoute, useNavigationLock, useRouteDefinitions } from '../routing';
import { SchemaForm } from '../schema-form';
import { checkUnique, type EntityRow, isUserTablePage, loadRow, rowKey } from './entity-api';
import { type EntityEditContext, type EntityForm, entityExtension } from './entity-extensions';
import { EntityHistory } from './entity-history';
import { useCan } from './use-can';
import { recordHeading } from './record-heading';
import { RowStamps } from './row-stamps';
import { useEntitySave } from './use-entity-save';
import { UserRowHistory } from './user-row-history';
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

/**
 * Where the list of this grid page is, to go back to after a save or cancel: for a page opened
 * by its id (`/udt/details/{gridId}/...`) its `/udt/grid/{gridId}`, else its own grid route.
 */
function useListPath(page: GridPage): string {
  const routes = useRouteDefinitions();
  const current = useCurrentRoute();
  if (current.GridPage === undefined) return `/udt/grid/${page.Id}`;
  return (
    routes.find((route) => route.GridPage === page.Id && route.Screen === 'entityGrid')?.route ??
    '/'
  );
}

/** The system fields of a user table's row, drawn by the screen (stamps), not by its form. */
const systemFields = ['Id', 'CreatedAt', 'CreatedBy', 'UpdatedAt', 'UpdatedBy', 'Version'];

/**
 * A user table's form without a control tree of its own draws every field of the schema: its
 * system fields are left out of it (a control tree places only the designer's fields).
 */
function withoutSystemFields(page: GridPage, form: EntityForm): EntityForm {
  const ui = form.uiSchema;
  if (!isUserTablePage(page) || Array.isArray(ui?.['ui:controls'])) return form;
  const properties = (form.schema.properties ?? {}) as Record<string, unknown>;
  const hidden = Object.fromEntries(
    systemFields
      .filter((field) => Object.hasOwn(properties, field))
      .map((field) => [field, { ...(ui?.[field] as object | undefined), 'ui:widget': 'hidden' }]),
  );
  return { ...form, uiSchema: { ...ui, ...hidden } };
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
    const base = withoutSystemFields(page, {
      schema: page.SchemaDefinition,
      uiSchema: page.FormDefinition,
    });
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
  const listPath = useListPath(page);
  const extension = entityExtension(page.DataSourceName);
  const isNew = id === '0';
  const userTable = isUserTablePage(page);
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
  const leave = async () => {
    if (dirty && !(await dialogs.confirm(t('ENGINE.DISCARD_CONFIRM')))) return;
    navigate(listPath);
  };

  if (row.status === 'loading') return <Loader type="dots" />;
  if (row.status === 'failed') return <Alert color="red">{t('ENGINE.ROW_NOT_LOADED')}</Alert>;
  return (
    <Stack gap="xl">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2}>
            {recordHeading(page, row.value, isNew, (key, options) => t(key, options ?? {}))}
          </Title>
          {!isNew && <RowStamps row={row.value} />}
        </Stack>
        <SchemaForm<EntityRow>
          schema={form.schema}
          uiSchema={form.uiSchema}
          formData={row.value}
          mode={mode}
          busy={busy}
          onDirtyChange={setDirty}
          onSubmit={submit}
          onCancel={() => void leave()}
          checkUnique={(field, value) =>
            checkUnique(page, field, value, isNew ? null : rowKey(page, row.value))
          }
          widgets={extension.widgets}
          formContext={formContext}
        />
      </Stack>
      {!isNew && userTable && (
        <UserRowHistory
          key={String(row.value.Version)}
          page={page}
          rowId={rowKey(page, row.value)}
        />
      )}
      {!isNew && !userTable && can('ViewAuditLog') && (
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
