import { Box, Button, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { testEmailSettingKeys, type SettingSection } from '#metadata';
import { useTranslation } from 'react-i18next';
import type { SettingEdits } from './setting-edits';
import { isTable, shownValue } from './setting-edits';
import { SettingField } from './setting-field';
import type { StoredSettings } from './settings-api';
import { TestMailButton } from './test-mail-button';

interface SettingsSectionProps {
  section: SettingSection;
  stored: StoredSettings;
  edits: SettingEdits;
  errors: Readonly<Record<string, string>>;
  onEdit: (key: string, value: unknown) => void;
  onUndo: (key: string) => void;
  onResetSection: () => void;
}

/** A tab of the settings screen: its settings, "reset this section", and the test mail. */
export function SettingsSectionPanel(props: SettingsSectionProps) {
  const { section, stored, edits, errors, onEdit, onUndo, onResetSection } = props;
  const { t } = useTranslation();
  const emailValues = () =>
    Object.fromEntries(
      section.settings
        .filter((setting) => testEmailSettingKeys.includes(setting.key))
        .map((setting) => {
          const value = shownValue(setting.key, stored, edits);
          return [setting.key, setting.secret ? (typeof value === 'string' ? value : '') : value];
        }),
    );
  return (
    <Stack gap="lg" maw={980}>
      <Title order={2} size="h3">
        {t(section.title)}
      </Title>
      {section.description && (
        <Text c="dimmed" size="sm">
          {t(section.description)}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl" verticalSpacing="lg">
        {section.settings.map((setting) => (
          <Box key={setting.key} style={isTable(setting) ? { gridColumn: '1 / -1' } : undefined}>
            <SettingField
              setting={setting}
              value={shownValue(setting.key, stored, edits)}
              isSet={stored.secretsSet[setting.key] ?? false}
              edit={edits[setting.key]}
              onChange={(value) => onEdit(setting.key, value)}
              onUndo={() => onUndo(setting.key)}
              error={errors[setting.key]}
            />
          </Box>
        ))}
      </SimpleGrid>
      <Divider />
      <Group justify="space-between">
        {section.id === 'Email' ? <TestMailButton values={emailValues} /> : <span />}
        <Button variant="subtle" color="gray" onClick={onResetSection}>
          {t('SETTINGS.RESET_SECTION')}
        </Button>
      </Group>
    </Stack>
  );
}
