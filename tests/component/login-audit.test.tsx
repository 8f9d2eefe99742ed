import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginAuditEntity, type LoginChartRow } from '#metadata';
import { useSession } from '#platform/ui';
import { fakeApi } from '../support/fake-api';
import { aSignedInUser } from '../support/fixtures';
import { testGridPage } from '../support/grid-page';
import { expectRefusedWith, openAppAt } from '../support/open-app';
import { sizeCharts } from '../support/size-charts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const page = testGridPage({
  Id: loginAuditEntity.id,
  PageTitle: loginAuditEntity.grid.PageTitle,
  DataSourceId: loginAuditEntity.id,
  DataSourceName: loginAuditEntity.name,
  EntityType: loginAuditEntity.entityType,
  ListUrl: loginAuditEntity.grid.ListUrl,
  Columns: [...loginAuditEntity.grid.Columns],
  PageSize: loginAuditEntity.grid.PageSize,
  DefaultSort: [...loginAuditEntity.grid.DefaultSort],
  SchemaDefinition: loginAuditEntity.schema,
  Api: { Get: '', Save: '', Delete: null },
});

const entries = [
  {
    Id: 2,
    UserId: 1,
    IP: '127.0.0.1',
    Email: 'admin',
    LoginTime: '2026-11-26T22:05:00Z',
    Browser: 'Chrome',
    BrowserVersion: '131.0',
    Platform: 'Linux',
    LoginResult: '',
    HttpMethod: 'POST',
    Provider: 'password',
    Event: 'SignIn',
    User_FullName: 'Alex Admin',
  },
  {
    Id: 1,
    UserId: null,
    IP: '127.0.0.1',
    Email: 'mallory',
    LoginTime: '2026-11-26T21:05:00Z',
    Browser: 'Firefox',
    BrowserVersion: '128.0',
    Platform: 'Windows',
    LoginResult: 'UserNotFound',
    HttpMethod: 'POST',
    User_FullName: null,
  },
];

const chartOf = (grouping: string): LoginChartRow[] =>
  grouping === 'day'
    ? [
        { Dt: '2026-11-25T00:00:00.000Z', Succeed: 0, Failed: 0 },
        { Dt: '2026-11-26T00:00:00.000Z', Succeed: 1, Failed: 1 },
      ]
    : [
        { Dt: '2026-11-26T21:00:00.000Z', Succeed: 0, Failed: 1 },
        { Dt: '2026-11-26T22:00:00.000Z', Succeed: 1, Failed: 0 },
      ];

function openLoginAudit() {
  sizeCharts();
  const api = fakeApi({
    [`GET /api/grids/${loginAuditEntity.id}`]: () => page,
    'GET /odata/UserLoginAuditTrackingOData': () => ({ '@odata.count': 2, value: entries }),
    'GET /api/UserLoginAuditChart/GetChartData': (_body, _path, url) =>
      chartOf(url.searchParams.get('groupBy') ?? 'hour'),
  });
  vi.stubGlobal('fetch', api.fetch);
  useSession.setState({
    user: aSignedInUser({ IsAdmin: true }),
    permissions: ['ViewLoginAudit'],
    authenticated: true,
    loaded: true,
  });
  openAppAt('/admin/loginaudit');
  return { api, user: userEvent.setup() };
}

describe('the login audit screen', () => {
  it('shows the chart by hour above the attempts, newest first, ten a page', async () => {
    const { api } = openLoginAudit();
    expect(await screen.findByRole('heading', { level: 2, name: 'Login audit' })).toBeVisible();
    const chart = screen.getByRole('region', { name: 'Sign-in attempts' });
    expect(within(chart).getByRole('radio', { name: 'Hour' })).toBeChecked();
    // The buckets follow the browser's wall clock, as the grid's times do.
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(within(chart).getByText(`Times in ${zone}`)).toBeVisible();

    const admin = await screen.findByRole('row', { name: /Alex Admin/ });
    expect(within(admin).getByText('Success')).toBeVisible();
    // en-gb: day first, 24-hour clock, the time zone named.
    expect(admin).toHaveTextContent(/\d{2}\/\d{2}\/2026, \d{2}:\d{2} \S+/);
    expect(admin).not.toHaveTextContent(/AM|PM/);
    expect(within(admin).getByText('Sign-in')).toBeVisible();
    const stranger = screen.getByRole('row', { name: /mallory/ });
    // The reason in words, never its code.
    expect(within(stranger).getByText('No such user')).toBeVisible();
    expect(stranger).not.toHaveTextContent('UserNotFound');
    // One bar per series of each hour with attempts.
    await waitFor(() =>
      expect(chart.querySelectorAll('.recharts-bar-rectangle').length).toBeGreaterThan(0),
    );
    expect(within(chart).getByText('Succeeded')).toBeVisible();
    expect(within(chart).getByText('Failed')).toBeVisible();

    const listCall = api.fetch.mock.calls.find((call) =>
      String(call[0]).includes('UserLoginAuditTrackingOData'),
    );
    const query = new URL(String(listCall?.[0]), 'http://localhost').searchParams;
    expect(query.get('$orderby')).toBe('LoginTime desc');
    expect(query.get('$top')).toBe('10');
    const chartCall = api.fetch.mock.calls.find((call) => String(call[0]).includes('GetChartData'));
    const chartQuery = new URL(String(chartCall?.[0]), 'http://localhost').searchParams;
    expect(chartQuery.get('groupBy')).toBe('hour');
    expect(chartQuery.get('timeZone')).toBe(zone);
  });

  it('asks for the chart by day when the grouping changes', async () => {
    const { api, user } = openLoginAudit();
    const chart = await screen.findByRole('region', { name: 'Sign-in attempts' });
    await user.click(within(chart).getByText('Day'));
    await waitFor(() =>
      expect(api.fetch.mock.calls.some((call) => String(call[0]).includes('groupBy=day'))).toBe(
        true,
      ),
    );
    expect(within(chart).getByRole('radio', { name: 'Day' })).toBeChecked();
  });

  it('is not opened without ViewLoginAudit', async () => {
    await expectRefusedWith('/admin/loginaudit', ['ManageUnits']);
  });
});
