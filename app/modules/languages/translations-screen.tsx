import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { platformConstants } from '#metadata';
import {
  dialogs,
  DownloadButton,
  HttpError,
  refreshLanguages,
  UploadButton,
  useNavigationLock,
} from '#platform/ui';
import { importFailureText } from './import-failure';
import {
  exportLanguage,
  importLanguage,
  loadTranslations,
  refusalText,
  saveTranslations,
  type TranslationRow,
} from './languages-api';

/** Rows a page of the translations grid shows (spec: 10 for translation grids). */
const pageSize = 10;
const listPath = '/admin/languages';

type Rows =
  { status: 'loading' } | { status: 'ready'; rows: TranslationRow[] } | { status: 'failed' };

/**
 * `/admin/languages/{id}/translations`: every key of a language with its default text and
 * translation, searchable, translated in place and saved together; the language as a CSV
 * file to download and to upload.
 */
export function TranslationsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useParams().id ?? '';
  // The fake language is generated from en-gb: shown, not edited.
  const generated = language === platformConstants.fakeLanguage;
  const [state, setState] = useState<Rows>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [search, setSearch] = useState('');
  const [untranslatedOnly, setUntranslatedOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [edits, setEdits] = useState<ReadonlyMap<string, string>>(new Map());
  const [busy, setBusy] = useState(false);
  const [importError, setImportError] = useState<string | null>(null);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  useNavigationLock(edits.size > 0);

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    loadTranslations(language).then(
      (rows) => {
        if (!live) return;
        setState({ status: 'ready', rows });
        setEdits(new Map());
      },
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [language, attempt]);

  const shown = useMemo(() => {
    if (state.status !== 'ready') return [];
    const words = search.trim().toLowerCase();
    return state.rows.filter((row) => {
      if (untranslatedOnly && row.Translation !== '') return false;
      if (!words) return true;
      return [row.Key, row.DefaultText, edits.get(row.Key) ?? row.Translation].some((text) =>
        text.toLowerCase().includes(words),
      );
    });
  }, [state, search, untranslatedOnly, edits]);
  const pages = Math.max(1, Math.ceil(shown.length / pageSize));
  const first = (Math.min(page, pages) - 1) * pageSize;
  const onPage = shown.slice(first, first + pageSize);
  const summary =
    onPage.length === 0
      ? t('GRID.PAGER_EMPTY')
      : t('GRID.PAGER_SUMMARY', {
          from: first + 1,
          to: first + onPage.length,
          count: shown.length,
        });

  const edit = (row: TranslationRow, text: string) =>
    setEdits((current) => {
      const next = new Map(current);
      if (text === row.Translation) next.delete(row.Key);
      else next.set(row.Key, text);
      return next;
    });

  const save = async () => {
    if (state.status !== 'ready') return;
    const byKey = new Map(state.rows.map((row) => [row.Key, row]));
    setBusy(true);
    try {
      await saveTranslations(
        language,
        [...edits].map(([Key, Translation]) => ({
          Key,
          Translation,
          OldTranslation: byKey.get(Key)?.Translation ?? '',
        })),
      );
      dialogs.success(t('PAGES.LANGUAGES.SAVED'));
      setEdits(new Map());
      reload();
      void refreshLanguages();
    } catch (error) {
      if (error instanceof HttpError && error.status === 409) {
        await dialogs.warning(t('PAGES.LANGUAGES.STALE'));
        reload();
      } else {
        await dialogs.warning(refusalText(error, t('PAGES.LANGUAGES.SAVE_FAILED')));
      }
    } finally {
      setBusy(false);
    }
  };

  const upload = async (file: File) => {
    setImportError(null);
    setBusy(true);
    try {
      const answer = await importLanguage(language, file);
      dialogs.success(
        t('PAGES.LANGUAGES.IMPORTED', {
          imported: answer.ImportedCount,
          notFound: answer.NotFoundCount,
        }),
      );
      reload();
      void refreshLanguages();
    } catch (error) {
      const inline = importFailureText(error, (key, options) => t(key, options ?? {}));
      if (inline) setImportError(inline);
      else await dialogs.error(t('PAGES.LANGUAGES.IMPORT.FAILED'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t('PAGES.LANGUAGES.TRANSLATIONS_TITLE', { language })}</Title>
        <Button variant="subtle" size="xs" onClick={() => navigate(listPath)}>
          {t('PAGES.LANGUAGES.BACK')}
        </Button>
      </Group>
      <Group gap="sm" wrap="wrap" align="end">
        <TextInput
          label={t('PAGES.LANGUAGES.SEARCH')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={280}
        />
        <Switch
          label={t('PAGES.LANGUAGES.UNTRANSLATED_ONLY')}
          checked={untranslatedOnly}
          onChange={(event) => {
            setUntranslatedOnly(event.currentTarget.checked);
            setPage(1);
          }}
          mb={6}
        />
        <Group gap="xs" ml="auto">
          <DownloadButton
            download={() => exportLanguage(language)}
            fallbackName={`translations-${language}.csv`}
            failure={t('PAGES.LANGUAGES.LOAD_FAILED')}
          >
            {t('PAGES.LANGUAGES.EXPORT')}
          </DownloadButton>
          {!generated && (
            <>
              <UploadButton
                accept=".csv,text/csv"
                fileLabel={t('PAGES.LANGUAGES.IMPORT_FILE')}
                upload={upload}
                disabled={busy}
              >
                {t('PAGES.LANGUAGES.IMPORT')}
              </UploadButton>
              <Button size="xs" onClick={() => void save()} disabled={busy || edits.size === 0}>
                {t('PAGES.LANGUAGES.SAVE')}
              </Button>
            </>
          )}
        </Group>
      </Group>
      {generated && <Alert color="blue">{t('PAGES.LANGUAGES.FAKE_GENERATED')}</Alert>}
      {importError && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setImportError(null)}>
          {importError}
        </Alert>
      )}
      {state.status === 'loading' && (
        <Center p="lg">
          <Loader size="sm" />
        </Center>
      )}
      {state.status === 'failed' && (
        <Alert color="red" role="alert">
          {t('PAGES.LANGUAGES.LOAD_FAILED')}
        </Alert>
      )}
      {state.status === 'ready' && (
        <>
          <Table striped withTableBorder layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="28%">{t('PAGES.LANGUAGES.KEY')}</Table.Th>
                <Table.Th w="32%">{t('PAGES.LANGUAGES.DEFAULT_TEXT')}</Table.Th>
                <Table.Th>{t('PAGES.LANGUAGES.TRANSLATION')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {onPage.map((row) => (
                <Table.Tr key={row.Key}>
                  <Table.Td style={{ wordBreak: 'break-all' }}>
                    <Text size="sm" ff="monospace">
                      {row.Key}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{row.DefaultText}</Table.Td>
                  <Table.Td>
                    <Textarea
                      autosize
                      minRows={1}
                      maxRows={6}
                      size="xs"
                      aria-label={t('PAGES.LANGUAGES.EDIT_TRANSLATION', { key: row.Key })}
                      value={edits.get(row.Key) ?? row.Translation}
                      readOnly={generated}
                      onChange={(event) => edit(row, event.currentTarget.value)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
              {onPage.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={3}>
                    <Text size="sm" c="dimmed">
                      {t('PAGES.LANGUAGES.NO_ROWS')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {summary}
            </Text>
            <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} size="sm" />
          </Group>
        </>
      )}
    </Stack>
  );
}
