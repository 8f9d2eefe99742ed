import { Alert, Center, Grid, Loader, Stack, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { FormDefinition, GridPage } from '#metadata';
import {
  dialogs,
  EntityHistory,
  HttpError,
  SchemaForm,
  useCan,
  useCurrentRoute,
  useGridPage,
  useNavigationLock,
} from '#platform/ui';
import { InsertionTargets } from './insertion-targets';
import { LanguageSwitch } from './language-switch';
import { ParameterList } from './parameter-list';
import { loadTemplate, saveTemplate, type TemplateRow } from './template-api';
import { TestMailButton } from './test-mail-button';
import { TemplatePreview } from './template-preview';
import { templateWidgets } from './template-widgets';

const listPath = '/admin/templates';

type RowState =
  { status: 'loading' } | { status: 'ready'; row: TemplateRow } | { status: 'failed' };

function useTemplate(id: string, language: string | null) {
  const [state, setState] = useState<RowState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    loadTemplate(id, language).then(
      (row) => live && setState({ status: 'ready', row }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [id, language, attempt]);
  return [state, () => setAttempt((n) => n + 1)] as const;
}

const messageOf = (error: unknown) =>
  error instanceof HttpError && typeof error.body === 'object' && error.body !== null
    ? String((error.body as { Message?: unknown }).Message ?? '')
    : '';

/**
 * A saved template keeps its language (another language is opened with the switch above); a
 * system template its code and parameters.
 */
function formOf(page: GridPage, row: TemplateRow, isNew: boolean): FormDefinition {
  const ui = page.FormDefinition ?? {};
  const language = (ui.Language ?? {}) as Record<string, unknown>;
  const system = row.IsSystem === true;
  return {
    ...ui,
    'ui:options': { ...(ui['ui:options'] as object), maxWidth: 'none' },
    Language: isNew && row.Id === 0 ? language : { ...language, 'ui:readonly': true },
    // A system template's code and parameters are the application's: the list beside shows them.
    ...(system && {
      Code: { ...(ui.Code as object), 'ui:readonly': true },
      Parameters: { 'ui:widget': 'hidden' },
    }),
  };
}

function Editor({ page, id }: { page: GridPage; id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const [search, setSearch] = useSearchParams();
  const language = search.get('language');
  const [state, reload] = useTemplate(id, language);
  const [live, setLive] = useState<TemplateRow | null>(null);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const loaded = state.status === 'ready' ? state.row : null;
  const [targets] = useState(() => new InsertionTargets());
  useEffect(() => setLive(loaded), [loaded]);
  useNavigationLock(dirty || busy);

  const isNew = id === '0';
  const mode = can('ManageTemplates') ? 'edit' : 'view';
  const formContext = useMemo(() => ({ insertionTargets: targets }), [targets]);

  const submit = useCallback(
    async (row: TemplateRow) => {
      setBusy(true);
      try {
        await saveTemplate(row);
        dialogs.success(t('TEMPLATES.SAVED'));
        setDirty(false);
        navigate(listPath);
      } catch (error) {
        const text = messageOf(error) || t('TEMPLATES.SAVE_FAILED');
        if (error instanceof HttpError && error.status === 409) {
          await dialogs.warning(text);
          reload();
          return;
        }
        void dialogs.error(text, { title: t('TEMPLATES.SAVE_FAILED') });
        // Field errors are shown on their fields too.
        if (error instanceof HttpError && error.status === 400) throw error;
      } finally {
        setBusy(false);
      }
    },
    [navigate, reload, t],
  );

  const switchLanguage = async (next: string) => {
    if (dirty && !(await dialogs.confirm(t('TEMPLATES.SWITCH_CONFIRM')))) return;
    setDirty(false);
    setSearch({ language: next }, { replace: true });
  };
  const leave = async () => {
    if (dirty && !(await dialogs.confirm(t('TEMPLATES.DISCARD_CONFIRM')))) return;
    navigate(listPath);
  };

  if (state.status === 'loading') return <Loader type="dots" />;
  if (state.status === 'failed') return <Alert color="red">{t('TEMPLATES.NOT_LOADED')}</Alert>;
  const row = state.row;
  const current = live ?? row;
  const newTranslation = !isNew && !row.Id;
  return (
    <Stack gap="md">
      <Title order={2}>
        {isNew ? t('TEMPLATES.NEW') : t('TEMPLATES.HEADING', { title: row.Title })}
      </Title>
      {!isNew && (
        <LanguageSwitch value={row.Language} onChange={(next) => void switchLanguage(next)} />
      )}
      {newTranslation && (
        <Alert color="blue" title={t('TEMPLATES.NEW_TRANSLATION_TITLE')}>
          {t('TEMPLATES.NEW_TRANSLATION', { language: row.Language })}
        </Alert>
      )}
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <SchemaForm<TemplateRow>
            key={`${row.Id}:${row.Language}:${row.Version}`}
            schema={page.SchemaDefinition}
            uiSchema={formOf(page, row, isNew)}
            formData={row}
            mode={mode}
            busy={busy}
            widgets={templateWidgets}
            formContext={formContext}
            onChange={setLive}
            onDirtyChange={setDirty}
            onSubmit={submit}
            onCancel={() => void leave()}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md" style={{ position: 'sticky', top: 16 }}>
            <ParameterList
              parameters={current.Parameters ?? []}
              editable={mode === 'edit'}
              onInsert={(placeholder) => targets.insert(placeholder)}
            />
            <TestMailButton row={current} />
          </Stack>
        </Grid.Col>
      </Grid>
      <TemplatePreview row={current} />
      {Boolean(row.Id) && can('ViewAuditLog') && (
        <EntityHistory entityType={page.EntityType} entityId={String(row.Id)} />
      )}
    </Stack>
  );
}

/**
 * `/admin/templates/{id}` (0 = new), `?language=` for the template in another language: the
 * engine's form of the template with its body in a rich-text editor, its parameters beside it
 * (inserted with a click), a test mail to oneself and a preview filled with sample values.
 */
export function TemplateEditorScreen() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const params = useParams();
  const page = useGridPage(route.GridPage);
  if (page.status === 'loading') {
    return (
      <Center mih={200}>
        <Loader type="dots" />
      </Center>
    );
  }
  if (page.status === 'failed') return <Alert color="red">{t('TEMPLATES.NOT_LOADED')}</Alert>;
  return <Editor page={page.value} id={params.id ?? '0'} />;
}
