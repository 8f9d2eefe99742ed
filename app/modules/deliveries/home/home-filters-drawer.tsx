import { Badge, Button, Drawer, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterIcon } from '#platform/ui';
import type { HomeFilters } from './home-filters';

/** The switches that narrow the list: Mine, active units only, and past deliveries hidden. */
export const activeFilterCount = (filters: HomeFilters) =>
  [filters.mineOnly, filters.activeUnitsOnly, !filters.showPast].filter(Boolean).length;

/**
 * On a phone: the home's switches behind a "Filters" button saying how many narrow the list,
 * in a drawer from the bottom; each switch applies as it is changed.
 */
export function HomeFiltersDrawer({
  filters,
  children,
}: {
  filters: HomeFilters;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const count = activeFilterCount(filters);
  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<FilterIcon size={14} />}
        rightSection={
          count > 0 && (
            <Badge size="sm" circle aria-hidden>
              {count}
            </Badge>
          )
        }
        aria-label={t('DELIVERY.HOME.FILTERS_COUNT', { count })}
        aria-haspopup="dialog"
        onClick={open}
      >
        {t('DELIVERY.HOME.FILTERS')}
      </Button>
      <Drawer
        opened={opened}
        onClose={close}
        position="bottom"
        size="sm"
        title={t('DELIVERY.HOME.FILTERS')}
        closeButtonProps={{ 'aria-label': t('DELIVERY.HOME.FILTERS_CLOSE') }}
      >
        <Stack gap="md" pb="md">
          {children}
          <Button onClick={close}>{t('DELIVERY.HOME.FILTERS_DONE')}</Button>
        </Stack>
      </Drawer>
    </>
  );
}
