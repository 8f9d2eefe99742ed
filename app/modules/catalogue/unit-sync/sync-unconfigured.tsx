import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '#platform/ui';

/** The settings section where the units source is set. */
export const unitsSyncSettingsPath = '/admin/settings?section=UnitsSync';

/**
 * What the sync shows before any source is configured (a fresh installation): what is missing
 * and where to set it, with a link to that section of the settings for whoever may change them.
 */
export function SyncUnconfigured() {
  const { t } = useTranslation();
  const can = useCan();
  const mayConfigure = can('ManageSettings');
  return (
    <Paper withBorder p="lg" radius="md" role="region" aria-labelledby="sync-unconfigured-title">
      <Stack gap="sm" align="flex-start">
        <Title order={3} size="h4" id="sync-unconfigured-title">
          {t('SYNC_UNITS.UNCONFIGURED')}
        </Title>
        <Text size="sm">
          {t(mayConfigure ? 'SYNC_UNITS.UNCONFIGURED_HINT' : 'SYNC_UNITS.UNCONFIGURED_ASK')}
        </Text>
        {mayConfigure && (
          <Button component={Link} to={unitsSyncSettingsPath} variant="light">
            {t('SYNC_UNITS.SETTINGS_SECTION_LINK')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
