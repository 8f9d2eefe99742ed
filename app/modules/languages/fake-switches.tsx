import { Group, Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogs, refreshLanguages, useCan } from '#platform/ui';
import { type FakeOptions, loadFakeOptions, refusalText, saveFakeOptions } from './languages-api';

/**
 * The fake (pseudo-localised) language's two switches, above the languages grid: longer and
 * compound fakes. A change is saved at once and the fake language's texts are generated anew.
 */
export function FakeSwitches() {
  const { t } = useTranslation();
  const can = useCan();
  const [options, setOptions] = useState<FakeOptions | null>(null);
  const [busy, setBusy] = useState(false);
  const allowed = can('ManageLanguages');

  useEffect(() => {
    if (!allowed) return;
    let live = true;
    loadFakeOptions().then(
      (answer) =>
        live &&
        setOptions({
          GenerateLongerFakes: answer.GenerateLongerFakes,
          GenerateCompoundFakes: answer.GenerateCompoundFakes,
        }),
      () => live && setOptions(null),
    );
    return () => {
      live = false;
    };
  }, [allowed]);

  if (!allowed || !options) return null;

  const change = async (next: FakeOptions) => {
    setBusy(true);
    try {
      const saved = await saveFakeOptions(next);
      setOptions({
        GenerateLongerFakes: saved.GenerateLongerFakes,
        GenerateCompoundFakes: saved.GenerateCompoundFakes,
      });
      dialogs.success(t('PAGES.LANGUAGES.FAKES_SAVED'));
      void refreshLanguages();
    } catch (error) {
      await dialogs.warning(refusalText(error, t('PAGES.LANGUAGES.FAKES_FAILED')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Group gap="md" role="group" aria-label={t('PAGES.LANGUAGES.FAKES_TITLE')}>
      <Text size="sm" c="dimmed">
        {t('PAGES.LANGUAGES.FAKES_TITLE')}
      </Text>
      <Switch
        size="sm"
        disabled={busy}
        label={t('PAGES.LANGUAGES.LONGER_FAKES')}
        checked={options.GenerateLongerFakes}
        onChange={(event) =>
          void change({ ...options, GenerateLongerFakes: event.currentTarget.checked })
        }
      />
      <Switch
        size="sm"
        disabled={busy}
        label={t('PAGES.LANGUAGES.COMPOUND_FAKES')}
        checked={options.GenerateCompoundFakes}
        onChange={(event) =>
          void change({ ...options, GenerateCompoundFakes: event.currentTarget.checked })
        }
      />
    </Group>
  );
}
