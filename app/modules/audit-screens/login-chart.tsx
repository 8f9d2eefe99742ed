import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Group, Paper, SegmentedControl, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoginChartGrouping, loginChartGroupings, type LoginChartRow } from '#metadata';
import { http, useDateFormat } from '#platform/ui';
import { useLoaded } from './use-loaded';

const groupingLabels: Readonly<Record<LoginChartGrouping, string>> = {
  hour: 'AUDIT_SCREENS.CHART.HOUR',
  day: 'AUDIT_SCREENS.CHART.DAY',
  week: 'AUDIT_SCREENS.CHART.WEEK',
  month: 'AUDIT_SCREENS.CHART.MONTH',
};

/** How a bucket's start (the user's local time) is written under its bar, in their language. */
const bucketParts: Readonly<Record<LoginChartGrouping, Intl.DateTimeFormatOptions>> = {
  hour: { hour: '2-digit', minute: '2-digit' },
  day: { day: '2-digit', month: '2-digit' },
  week: { day: '2-digit', month: '2-digit' },
  month: { month: 'short', year: 'numeric' },
};

/** Successful and failed sign-ins per hour, day, week or month, above the audit grid. */
export function LoginChart() {
  const { t } = useTranslation();
  const format = useDateFormat();
  const { timeZone } = format;
  const [grouping, setGrouping] = useState<LoginChartGrouping>('hour');
  const { state } = useLoaded(
    () =>
      http.get<LoginChartRow[]>('/api/UserLoginAuditChart/GetChartData', {
        query: { groupBy: grouping, timeZone },
      }),
    grouping,
  );
  const data =
    state.status === 'ready'
      ? state.value.map((row) => ({
          bucket: format.parts(row.Dt, bucketParts[grouping]),
          succeeded: row.Succeed,
          failed: row.Failed,
        }))
      : [];

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-label={t('AUDIT_SCREENS.CHART.TITLE')}
    >
      <Group justify="space-between" mb="sm">
        <div>
          <Text fw={600}>{t('AUDIT_SCREENS.CHART.TITLE')}</Text>
          <Text size="xs" c="dimmed">
            {t('AUDIT_SCREENS.CHART.TIME_ZONE_NOTE', { timeZone })}
          </Text>
        </div>
        <SegmentedControl
          aria-label={t('AUDIT_SCREENS.CHART.GROUP_BY')}
          value={grouping}
          onChange={(value) => setGrouping(value as LoginChartGrouping)}
          data={loginChartGroupings.map((value) => ({ value, label: t(groupingLabels[value]) }))}
        />
      </Group>
      {state.status === 'failed' ? (
        <Alert color="red">{t('AUDIT_SCREENS.LOAD_FAILED')}</Alert>
      ) : (
        <BarChart
          h={220}
          data={data}
          dataKey="bucket"
          withLegend
          legendProps={{ verticalAlign: 'top' }}
          xAxisLabel={t(groupingLabels[grouping])}
          yAxisLabel={t('AUDIT_SCREENS.CHART.ATTEMPTS')}
          yAxisProps={{ allowDecimals: false }}
          series={[
            { name: 'succeeded', label: t('AUDIT_SCREENS.CHART.SUCCEEDED'), color: 'teal.6' },
            { name: 'failed', label: t('AUDIT_SCREENS.CHART.FAILED'), color: 'red.6' },
          ]}
        />
      )}
    </Paper>
  );
}
