import { Button, Group, Stack, Text } from '@mantine/core';
import type { SettingDefinition } from '#metadata';
import { useTranslation } from 'react-i18next';
import { SecretSetting } from './secret-setting';
import { defaultText, isTable, sameValue } from './setting-edits';
import { SettingInput } from './setting-input';
import { SettingTable } from './setting-table';

interface SettingFieldProps {
  setting: SettingDefinition;
  value: unknown;
  /** Secrets: whether one is stored. */
  isSet: boolean;
  /** Secrets: the edit (undefined none, null clear, text replace). */
  edit: unknown;
  onChange: (value: unknown) => void;
  /** Drops the edit: back to the stored value. */
  onUndo: () => void;
  error?: string;
}

/** One setting: its input from its schema, and "reset to default" when it has one. */
export function SettingField(props: SettingFieldProps) {
  const { setting, value, isSet, edit, onChange, onUndo, error } = props;
  const { t } = useTranslation();
  if (setting.secret) {
    return (
      <SecretSetting
        setting={setting}
        isSet={isSet}
        edit={edit}
        onChange={onChange}
        onKeep={onUndo}
        error={error}
      />
    );
  }
  const input = isTable(setting) ? (
    <SettingTable setting={setting} value={value} onChange={onChange} error={error} />
  ) : (
    <SettingInput setting={setting} value={value} onChange={onChange} error={error} />
  );
  if (!setting.resettable) return input;
  const fallback = defaultText(setting, t);
  const atDefault = sameValue(value, setting.default);
  return (
    <Stack gap={4}>
      {input}
      <Group gap="xs">
        <Button
          variant="subtle"
          size="compact-xs"
          disabled={atDefault}
          onClick={() => onChange(structuredClone(setting.default))}
          aria-label={`${t('SETTINGS.RESET')}: ${t(setting.title)}`}
        >
          {t('SETTINGS.RESET')}
        </Button>
        {fallback !== null && (
          <Text size="xs" c="dimmed">
            {t('SETTINGS.DEFAULT_IS', { value: fallback })}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
