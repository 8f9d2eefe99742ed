import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Tabs,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogs, fieldErrorsOf, HttpError, settingsSectionRegistry } from '#platform/ui';
import { failureMessage } from './failure-message';
import { changedKeys, sectionDefaults, settingOfField, type SettingEdits } from './setting-edits';
import { settingsApi, type StoredSettings } from './settings-api';
import { SettingsSectionPanel } from './settings-section';
import { useStoredSettings } from './use-settings';

/** `/admin/settings`: every setting of the modules' sections, by section, saved together. */
export function SettingsPage() {
  const { t } = useTranslation();
  const { state, reload, replace } = useStoredSettings();
  if (state.status === 'loading') {
    return (
      <Center mih={200}>
        <Loader aria-label={t('SETTINGS.LOADING')} />
      </Center>
    );
  }
  if (state.status === 'failed') {
    return (
      <Alert color="red" title={t('SETTINGS.LOAD_FAILED')}>
        <Stack gap="sm" align="flex-start">
          {failureMessage(state.error, t('SETTINGS.REQUEST_FAILED'))}
          <Button variant="light" onClick={() => reload()}>
            {t('SETTINGS.RETRY')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <SettingsEditor stored={state.stored} onSaved={replace} onReload={() => reload()} />;
}

interface SettingsEditorProps {
  stored: StoredSettings;
  onSaved: (stored: StoredSettings) => void;
  onReload: () => void;
}

function SettingsEditor({ stored, onSaved, onReload }: SettingsEditorProps) {
  const { t } = useTranslation();
  // The sections the modules registered, in their order.
  const [sections] = useState(() => settingsSectionRegistry.sections());
  // A link may open one section (`/admin/settings?section=UnitsSync`).
  const [tab, setTab] = useState<string | null>(() => {
    const asked = new URLSearchParams(window.location.search).get('section');
    return sections.find((section) => section.id === asked)?.id ?? sections[0]?.id ?? null;
  });
  const wide = useMediaQuery('(min-width: 48em)') ?? true;
  const [edits, setEdits] = useState<SettingEdits>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);
  const changed = changedKeys(stored, edits);

  const edit = (key: string, value: unknown) => {
    setEdits((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _dropped, ...rest }) => rest);
  };
  const undo = (key: string) => setEdits(({ [key]: _dropped, ...rest }) => rest);

  const save = async () => {
    const Values = Object.fromEntries(changed.map((key) => [key, edits[key]]));
    const Versions = Object.fromEntries(changed.map((key) => [key, stored.versions[key] ?? null]));
    setSaving(true);
    try {
      onSaved(await settingsApi.save({ Values, Versions }));
      setEdits({});
      setErrors({});
      setRefusal(null);
      dialogs.success(t('SETTINGS.SAVED'));
    } catch (error) {
      await refused(error);
    } finally {
      setSaving(false);
    }
  };

  const refused = async (error: unknown) => {
    const message = failureMessage(error, t('SETTINGS.REQUEST_FAILED'));
    if (error instanceof HttpError && error.status === 409) {
      if (
        await dialogs.confirm(t('SETTINGS.STALE', { message }), { title: t('SETTINGS.RELOAD') })
      ) {
        setEdits({});
        onReload();
      }
      return;
    }
    const fieldErrors =
      error instanceof HttpError ? fieldErrorsOf((error.body as { Errors?: unknown })?.Errors) : [];
    const byKey: Record<string, string> = {};
    for (const fieldError of fieldErrors) {
      const setting = settingOfField(fieldError.Field);
      if (!setting) continue;
      const inside = fieldError.Field.slice(setting.key.length + 1);
      byKey[setting.key] ??= inside ? `${inside} ${fieldError.Message}` : fieldError.Message;
    }
    setErrors(byKey);
    setRefusal(fieldErrors.length > 0 ? fieldErrors.map(describe) : [message]);
    const first = fieldErrors.map((e) => settingOfField(e.Field)).find(Boolean);
    const section = first && sections.find((s) => s.settings.includes(first));
    if (section) setTab(section.id);
  };

  /** `Security › Lock lasts: must be 1440 or less`. */
  const describe = ({ Field, Message }: { Field: string; Message: string }) => {
    const setting = settingOfField(Field);
    const section = setting && sections.find((s) => s.settings.includes(setting));
    if (!setting || !section) return `${Field}: ${Message}`;
    const inside = Field.slice(setting.key.length + 1);
    return `${t(section.title)} › ${t(setting.title)}: ${inside ? `${inside} ` : ''}${Message}`;
  };

  const sectionState = (id: string) => {
    const section = sections.find((s) => s.id === id)!;
    const keys = section.settings.map((setting) => setting.key);
    return {
      changed: changed.some((key) => keys.includes(key)),
      failed: Object.keys(errors).some((key) => keys.includes(key)),
    };
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{t('SETTINGS.TITLE')}</Title>
        <Group gap="sm">
          {changed.length > 0 && (
            <>
              <Badge color="orange" variant="light">
                {t('SETTINGS.CHANGED_COUNT', { count: changed.length })}
              </Badge>
              <Button
                variant="default"
                onClick={() => {
                  setEdits({});
                  setErrors({});
                  setRefusal(null);
                }}
              >
                {t('SETTINGS.DISCARD')}
              </Button>
            </>
          )}
          <Button onClick={() => void save()} loading={saving} disabled={changed.length === 0}>
            {t('SETTINGS.SAVE')}
          </Button>
        </Group>
      </Group>
      {refusal && (
        <Alert
          color="red"
          title={t('SETTINGS.SAVE_REFUSED')}
          withCloseButton
          onClose={() => setRefusal(null)}
        >
          <List size="sm">
            {refusal.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Paper withBorder p="md">
        <Tabs
          value={tab}
          onChange={setTab}
          // On a phone the sections' tabs wrap above the panel rather than push it off screen.
          orientation={wide ? 'vertical' : 'horizontal'}
          keepMounted={false}
          styles={{
            tab: { justifyContent: 'flex-start' },
            tabLabel: { flex: 1, textAlign: 'left' },
          }}
        >
          <Tabs.List miw={wide ? 210 : undefined} mb={wide ? undefined : 'md'}>
            {sections.map((section) => {
              const { changed: sectionChanged, failed } = sectionState(section.id);
              return (
                <Tabs.Tab
                  key={section.id}
                  value={section.id}
                  color={failed ? 'red' : undefined}
                  rightSection={
                    failed || sectionChanged ? (
                      <Badge size="xs" circle color={failed ? 'red' : 'orange'} aria-hidden>
                        {failed ? '!' : '•'}
                      </Badge>
                    ) : undefined
                  }
                >
                  {t(section.title)}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
          {sections.map((section) => (
            <Tabs.Panel key={section.id} value={section.id} pl={wide ? 'lg' : 0} miw={0}>
              <SettingsSectionPanel
                section={section}
                stored={stored}
                edits={edits}
                errors={errors}
                onEdit={edit}
                onUndo={undo}
                onResetSection={() =>
                  setEdits((current) => ({ ...current, ...sectionDefaults(section) }))
                }
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Paper>
    </Stack>
  );
}
