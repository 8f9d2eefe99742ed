import { Badge, Button, Group, Input, PasswordInput, Stack } from '@mantine/core';
import type { SettingDefinition } from '#metadata';
import { useTranslation } from 'react-i18next';

interface SecretSettingProps {
  setting: SettingDefinition;
  isSet: boolean;
  /** undefined: kept; null: to be cleared; text: to be replaced by it. */
  edit: unknown;
  onChange: (edit: unknown) => void;
  onKeep: () => void;
  error?: string;
}

/** A write-only setting: whether it is set, a field to replace it and a button to clear it. */
export function SecretSetting({
  setting,
  isSet,
  edit,
  onChange,
  onKeep,
  error,
}: SecretSettingProps) {
  const { t } = useTranslation();
  const clearing = edit === null;
  const status = clearing
    ? { color: 'orange', text: t('SETTINGS.SECRET_CLEARED') }
    : isSet
      ? { color: 'teal', text: t('SETTINGS.SECRET_SET') }
      : { color: 'gray', text: t('SETTINGS.SECRET_NOT_SET') };
  return (
    <Stack gap={6}>
      <Group gap="xs">
        <Input.Label>{t(setting.title)}</Input.Label>
        <Badge color={status.color} variant="light" data-testid={`secret-status-${setting.key}`}>
          {status.text}
        </Badge>
      </Group>
      {setting.description && <Input.Description>{t(setting.description)}</Input.Description>}
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <PasswordInput
          aria-label={`${t(setting.title)}: ${t('SETTINGS.SECRET_REPLACE')}`}
          placeholder={t('SETTINGS.SECRET_REPLACE')}
          description={t('SETTINGS.SECRET_REPLACE_HINT')}
          value={typeof edit === 'string' ? edit : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
          disabled={clearing}
          autoComplete="new-password"
          error={error}
          style={{ flex: 1 }}
        />
        {clearing || typeof edit === 'string' ? (
          <Button variant="default" onClick={onKeep}>
            {t('SETTINGS.SECRET_KEEP')}
          </Button>
        ) : (
          <Button variant="default" color="red" disabled={!isSet} onClick={() => onChange(null)}>
            {t('SETTINGS.SECRET_CLEAR')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
