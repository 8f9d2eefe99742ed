import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { unitEntity, type UnitSync } from '#metadata';
import { dialogs } from '#platform/ui';
import { openAdminScreen } from './admin-support';

/** `/admin/syncunits`: the differences with the recording system, applied on confirmation. */

const getUrl = '/api/syncunits/GetSyncUnits';
const applyUrl = '/api/syncunits/ApplySyncUnits';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  dialogs.closeAll();
});

const aComparison = (): UnitSync => ({
  New: [
    {
      Code: 'NTH03',
      Name: 'Sheffield plant',
      Active: true,
      Latitude: 53.4,
      Longitude: -1.4,
      Postcode: 'S9 1XU',
    },
  ],
  Upgrade: [
    {
      Id: 2,
      Code: 'NTH02',
      Version: 3,
      Changes: [{ Field: 'Name', Old: 'Manchester asphalt plant', New: 'Manchester plant' }],
      Unit: {
        Code: 'NTH02',
        Name: 'Manchester plant',
        Active: true,
        Latitude: null,
        Longitude: null,
        Postcode: null,
      },
    },
  ],
  Missing: [{ Id: 6, Code: 'WST01', Name: 'Bristol plant', Version: 1 }],
  Problems: [{ Row: 6, Field: 'Name', Message: 'is required' }],
  Unchanged: 4,
  Result: '1 new unit, 1 unit to update, 1 active unit the source lacks, 4 unchanged.',
  Token: 'token-1',
});

type Handlers = Parameters<typeof openAdminScreen>[1]['handlers'];

function openSync(handlers: Handlers, permissions = ['ManageUnits']) {
  const opened = openAdminScreen('/admin/syncunits', { entity: unitEntity, permissions, handlers });
  return { ...opened, user: userEvent.setup() };
}

describe('the sync of units', () => {
  it('shows the differences and applies the ticked ones after confirmation', async () => {
    const { api, user } = openSync({
      [`GET ${getUrl}`]: () => aComparison(),
      [`POST ${applyUrl}`]: () => ({ Created: 1, Updated: 0, Deactivated: 1 }),
    });
    const added = await screen.findByRole('table', { name: 'New units' });
    expect(within(added).getByRole('cell', { name: 'Sheffield plant' })).toBeVisible();
    const updates = screen.getByRole('table', { name: 'Units to update' });
    expect(updates).toHaveTextContent('Name: Manchester asphalt plant → Manchester plant');
    expect(screen.getByRole('table', { name: 'Rows of the source left out' })).toHaveTextContent(
      'is required',
    );
    expect(screen.getByText('1 new, 1 to update, 1 not in the source, 4 unchanged.')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Select WST01' })).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Select NTH02' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select WST01' }));
    await user.click(screen.getByRole('button', { name: 'Apply 2 selected' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Create 1, update 0 and make 1 inactive?');
    await user.click(within(confirm).getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(api.to(applyUrl)).toHaveLength(1));
    expect(api.to(applyUrl)[0]!.body).toEqual({
      Token: 'token-1',
      New: ['NTH03'],
      Upgrade: [],
      Deactivate: ['WST01'],
    });
    expect(await screen.findByText('Done: 1 created, 0 updated, 1 made inactive.')).toBeVisible();
    await waitFor(() => expect(api.to(getUrl)).toHaveLength(2));
  });

  it('applies nothing when the confirmation is declined', async () => {
    const { api, user } = openSync({ [`GET ${getUrl}`]: () => aComparison() });
    await user.click(await screen.findByRole('button', { name: 'Apply 2 selected' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.to(applyUrl)).toHaveLength(0);
  });

  it('opens on how to configure a source when none is, with the way to its settings', async () => {
    openSync(
      {
        [`GET ${getUrl}`]: () =>
          Response.json({ Message: 'No units source is configured.' }, { status: 409 }),
      },
      ['ManageUnits', 'ManageSettings'],
    );
    const empty = await screen.findByRole('region', {
      name: 'No recording system to compare with yet',
    });
    expect(within(empty).getByText(/Set “Address of the units list”/)).toBeVisible();
    expect(within(empty).getByRole('link', { name: 'Open Settings › Units sync' })).toHaveAttribute(
      'href',
      '/admin/settings?section=UnitsSync',
    );
    expect(screen.queryByText('The comparison could not be made')).toBeNull();
  });

  it('tells someone who may not change the settings whom to ask, without the link', async () => {
    openSync({
      [`GET ${getUrl}`]: () =>
        Response.json({ Message: 'No units source is configured.' }, { status: 409 }),
    });
    const empty = await screen.findByRole('region', {
      name: 'No recording system to compare with yet',
    });
    expect(within(empty).getByText(/An administrator who may change the settings/)).toBeVisible();
    expect(within(empty).queryByRole('link')).toBeNull();
  });

  it('shows the server’s reason when the source fails, and compares again on request', async () => {
    let calls = 0;
    const { user } = openSync({
      [`GET ${getUrl}`]: () =>
        ++calls === 1
          ? Response.json({ Message: 'The units source answered 503.' }, { status: 502 })
          : { ...aComparison(), New: [], Upgrade: [], Missing: [], Problems: [] },
    });
    expect(await screen.findByText('The units source answered 503.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Open the settings' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Compare again' }));
    expect(await screen.findByText('Our units match the recording system.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Apply 0 selected' })).toBeDisabled();
  });
});
