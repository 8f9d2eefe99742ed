import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLogEntity } from '#metadata';
import { odataLiteral } from '../schema-grid';
import { EntityGrid } from './entity-grid';
import { useGridPage } from './use-grid-page';

/** The audit log of one row (newest first, five a page), under its detail. */
export function EntityHistory({ entityType, entityId }: { entityType: string; entityId: string }) {
  const { t } = useTranslation();
  const page = useGridPage(changeLogEntity.id);
  if (page.status !== 'ready') return null;
  const filter = `EntityType eq ${odataLiteral.string(entityType)} and EntityId eq ${odataLiteral.string(entityId)}`;
  return (
    <Stack gap="xs">
      <Title order={3}>{t('ENGINE.HISTORY')}</Title>
      <EntityGrid page={page.value} fixedFilter={filter} />
    </Stack>
  );
}
