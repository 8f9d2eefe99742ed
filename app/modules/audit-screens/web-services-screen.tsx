import { Anchor, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type WebServiceItem, webServiceMethods } from '#metadata';
import { http } from '#platform/ui';
import { localGridPage, searchRows } from './local-rows';
import { LocalRowsGrid } from './local-rows-grid';
import { useLoaded } from './use-loaded';
import { webServiceDescription } from './web-service-description';

const auditedChoices = [
  { value: '1', label: 'AUDIT_SCREENS.WEB_SERVICES.AUDITED_ALL' },
  { value: '3', label: 'AUDIT_SCREENS.WEB_SERVICES.AUDITED_ONLY' },
] as const;

const searched = ['Name', 'ActionPath', 'Description'] as const;

/** The two filters that are not a method name, said in words. */
const methodLabels: Readonly<Record<string, string>> = {
  ANY: 'AUDIT_SCREENS.WEB_SERVICES.ANY',
  ANYR: 'AUDIT_SCREENS.WEB_SERVICES.ANYR',
};

/** `/admin/webservices`: the server's API routes from its own table, filtered as spec 9 says. */
export function WebServicesScreen() {
  const { t } = useTranslation();
  const [method, setMethod] = useState<string>('ANY');
  const [audited, setAudited] = useState<string>('1');
  const [search, setSearch] = useState('');
  const { state } = useLoaded(
    () =>
      http.get<WebServiceItem[]>('/api/ViewWebservices/GetViewWebservices', {
        query: { method, audited },
      }),
    `${method}:${audited}`,
  );
  const page = useMemo(
    () =>
      localGridPage(
        'ROUTES.WEB_SERVICES',
        'Name',
        [
          { field: 'Name', title: 'AUDIT_SCREENS.WEB_SERVICES.NAME' },
          { field: 'Description', title: 'AUDIT_SCREENS.WEB_SERVICES.DESCRIPTION' },
          { field: 'AuditedText', title: 'AUDIT_SCREENS.WEB_SERVICES.AUDITED' },
        ],
        15,
      ),
    [],
  );
  const rows = useMemo(
    () =>
      state.status === 'ready'
        ? state.value.map((item) => ({
            ...item,
            Description: webServiceDescription(item.Method, item.ActionPath, (key) => t(key)),
            AuditedText: t(item.Audited ? 'AUDIT_SCREENS.YES' : 'AUDIT_SCREENS.NO'),
          }))
        : [],
    [state, t],
  );
  const matching = useMemo(() => searchRows(rows, searched, search), [rows, search]);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline">
        <Title order={2}>{t('ROUTES.WEB_SERVICES')}</Title>
        <Anchor href="/api/openapi.json" target="_blank" rel="noopener">
          {t('AUDIT_SCREENS.WEB_SERVICES.OPENAPI')}
        </Anchor>
      </Group>
      <Group align="end">
        <Select
          label={t('AUDIT_SCREENS.WEB_SERVICES.METHOD')}
          data={webServiceMethods.map((value) => ({
            value,
            label: methodLabels[value] ? t(methodLabels[value]) : value,
          }))}
          value={method}
          onChange={(value) => setMethod(value ?? 'ANY')}
          allowDeselect={false}
          w={200}
        />
        <Select
          label={t('AUDIT_SCREENS.WEB_SERVICES.AUDITED')}
          data={auditedChoices.map((choice) => ({ value: choice.value, label: t(choice.label) }))}
          value={audited}
          onChange={(value) => setAudited(value ?? '1')}
          allowDeselect={false}
          w={200}
        />
        <TextInput
          label={t('AUDIT_SCREENS.SEARCH')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={280}
        />
      </Group>
      <LocalRowsGrid
        status={state.status}
        page={page}
        rows={rows}
        matching={matching}
        filtersKey={`${search}|${method}|${audited}`}
      />
    </Stack>
  );
}
