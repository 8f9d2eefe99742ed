import { Alert, Center, Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCurrentRoute } from '../routing';
import { EntityGrid } from './entity-grid';
import { useGridPage } from './use-grid-page';

/** The screen of a grid page: the route's `GridPage`, or `:gridId` of `/udt/grid/:gridId`. */
export function EntityGridScreen() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const { gridId } = useParams();
  const page = useGridPage(route.GridPage ?? (Number(gridId) || undefined));

  if (page.status === 'loading') {
    return (
      <Center mih={200}>
        <Loader type="dots" />
      </Center>
    );
  }
  if (page.status === 'failed') {
    return <Alert color="red">{t('ENGINE.PAGE_NOT_LOADED')}</Alert>;
  }
  return (
    <Stack gap="md">
      <Title order={2}>{t(page.value.PageTitle)}</Title>
      <EntityGrid page={page.value} />
    </Stack>
  );
}
