import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dialogs } from '#platform/ui';
import {
  aChange,
  aSnapshot,
  importUrl,
  jsonFile,
  listFilters,
  listUrl,
  openDataSources,
  previewUrl,
  snapshotUrl,
} from '../support/data-source-snapshots';
import { held } from '../support/fake-api';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  dialogs.closeAll();
});

const fileInput = () => screen.getByLabelText('Snapshot file to import');

/** The texts of a preview row's cells, by column header. */
function previewRow(name: string) {
  const table = screen.getByRole('table', { name: 'Changes the import would make' });
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
  const row = within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement;
  const cells = [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);
  return Object.fromEntries(headers.map((header, index) => [header, cells[index]]));
}

describe('the list of data sources', () => {
  it('shows user tables only until the default filter is cleared', async () => {
    const { api, user } = openDataSources();
    expect(await screen.findByRole('cell', { name: 'Site visits' })).toBeVisible();
    expect(screen.getByText('User tables only')).toBeVisible();
    expect(listFilters(api)).toEqual(['IsVirtual eq false']);

    await user.click(screen.getByRole('button', { name: 'Clear the default filter' }));

    await waitFor(() => expect(listFilters(api)).toEqual(['IsVirtual eq false', null]));
    expect(screen.getByRole('button', { name: 'Restore “User tables only”' })).toBeVisible();
  });

  it('offers no export or import to whoever may only read data sources', async () => {
    openDataSources({}, ['ManageGridPages']);
    await screen.findByRole('cell', { name: 'Site visits' });
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import…' })).toBeNull();
  });
});

describe('exporting the user tables', () => {
  it('requests the snapshot of all of them and saves it under the name the server gives', async () => {
    const snapshot = aSnapshot();
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:snapshot');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const { api, user } = openDataSources({
      [`GET ${snapshotUrl}`]: () =>
        Response.json(snapshot, {
          headers: { 'Content-Disposition': 'attachment; filename="data-sources-2026-05-01.json"' },
        }),
    });

    await user.click(await screen.findByRole('button', { name: 'Export' }));

    await waitFor(() => expect(saved).toEqual(['data-sources-2026-05-01.json']));
    const [request] = api.fetch.mock.calls.filter(([input]) => String(input).includes('snapshot'));
    expect(new URL(String(request![0]), 'http://localhost').search).toBe('');
    expect(JSON.parse(await createObjectURL.mock.calls[0]![0].text())).toEqual(snapshot);
  });

  it('shows the server’s reason when the export is refused', async () => {
    const { user } = openDataSources({
      [`GET ${snapshotUrl}`]: () => Response.json({ Message: 'Not now.' }, { status: 503 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    expect(await screen.findByRole('dialog', { name: 'Warning' })).toHaveTextContent('Not now.');
  });
});

describe('importing a snapshot', () => {
  const destructiveUpdate = aChange({
    Action: 'Update',
    AddedFields: ['Inspector'],
    RemovedFields: ['Notes', 'Photos'],
    ChangedFields: ['Reference'],
    FormChanged: true,
    Destructive: true,
  });
  const creation = aChange({ Name: 'Plant checks', Action: 'Create', AddedFields: ['CheckedOn'] });

  it('previews the changes, asks to confirm the loss of data, imports and reloads', async () => {
    const snapshot = aSnapshot();
    const { api, user } = openDataSources({
      [`POST ${previewUrl}`]: () => [destructiveUpdate, creation],
      [`POST ${importUrl}`]: () => [destructiveUpdate, creation],
    });
    await screen.findByRole('cell', { name: 'Site visits' });

    await user.upload(fileInput(), jsonFile(snapshot));

    const dialog = await screen.findByRole('dialog', {
      name: 'Import data-sources-2026-05-01.json',
    });
    expect(api.to(previewUrl).map((request) => request.body)).toEqual([snapshot]);
    expect(previewRow('Site visits')).toEqual({
      'Data source': 'Site visits',
      Action: 'UpdateDestructive',
      'Added fields': 'Inspector',
      'Removed fields': 'Notes, Photos',
      'Changed fields': 'Reference',
      'Also changed': 'Form',
      Problems: '—',
    });
    expect(previewRow('Plant checks')).toMatchObject({
      Action: 'Create',
      'Added fields': 'CheckedOn',
      'Removed fields': '—',
    });
    const importButton = within(dialog).getByRole('button', { name: 'Import' });
    expect(importButton).toBeDisabled();

    await user.click(
      within(dialog).getByRole('checkbox', {
        name: 'I understand that data in the removed fields will be deleted',
      }),
    );
    expect(importButton).toBeEnabled();
    await user.click(importButton);

    expect(await screen.findByText('The snapshot was imported.')).toBeVisible();
    expect(api.to(importUrl).map((request) => request.body)).toEqual([
      { Snapshot: snapshot, ConfirmDataLoss: true },
    ]);
    await waitFor(() => expect(api.to(listUrl)).toHaveLength(2));
    expect(screen.queryByRole('dialog', { name: /^Import / })).toBeNull();
  });

  it('imports without the confirmation when no change loses data', async () => {
    const { api, user } = openDataSources({
      [`POST ${previewUrl}`]: () => [creation],
      [`POST ${importUrl}`]: () => [creation],
    });
    await screen.findByRole('cell', { name: 'Site visits' });
    await user.upload(fileInput(), jsonFile(aSnapshot()));
    const dialog = await screen.findByRole('dialog', { name: /^Import / });
    expect(within(dialog).queryByRole('checkbox')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    await waitFor(() =>
      expect(api.to(importUrl).map((request) => request.body)).toEqual([{ Snapshot: aSnapshot() }]),
    );
  });

  it('shows the problems in red and keeps Import disabled', async () => {
    const problem = 'Score: the type of a field holding data cannot change.';
    const { api, user } = openDataSources({
      [`POST ${previewUrl}`]: () => [aChange({ Action: 'Update', Problems: [problem] }), creation],
    });
    await screen.findByRole('cell', { name: 'Site visits' });
    await user.upload(fileInput(), jsonFile(aSnapshot()));

    const dialog = await screen.findByRole('dialog', { name: /^Import / });
    expect(previewRow('Site visits').Problems).toBe(problem);
    expect(previewRow('Plant checks').Problems).toBe('—');
    expect(
      within(dialog).getByText(/Nothing can be imported while a data source has problems/),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(api.to(importUrl)).toHaveLength(0);
  });

  it('shows the server’s refusal in the dialog and keeps it open', async () => {
    const refusal = held<Response>();
    const { api, user } = openDataSources({
      [`POST ${previewUrl}`]: () => [creation],
      [`POST ${importUrl}`]: () => refusal.promise,
    });
    await screen.findByRole('cell', { name: 'Site visits' });
    await user.upload(fileInput(), jsonFile(aSnapshot()));
    const dialog = await screen.findByRole('dialog', { name: /^Import / });

    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    refusal.release(
      Response.json(
        {
          Message: 'Importing removes fields that hold data in Plant checks. Confirm to import.',
          NeedsConfirmation: true,
        },
        { status: 400 },
      ),
    );

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Importing removes fields that hold data in Plant checks. Confirm to import.',
    );
    // The data changed since the preview: the confirmation is asked for now.
    const confirm = within(dialog).getByRole('checkbox', {
      name: 'I understand that data in the removed fields will be deleted',
    });
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
    await user.click(confirm);
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(api.to(importUrl)).toHaveLength(2));
    expect(api.to(importUrl)[1]!.body).toEqual({ Snapshot: aSnapshot(), ConfirmDataLoss: true });
    expect(screen.queryByText('The snapshot was imported.')).toBeNull();
    expect(api.to(listUrl)).toHaveLength(1);
  });

  it.each([
    [
      'not JSON',
      jsonFile('Reference,Notes\nA1,Late', 'visits.json'),
      'visits.json is not a JSON file.',
    ],
    [
      'JSON but no snapshot',
      jsonFile({ Format: 'someone-else/tables', Version: 1, DataSources: [] }, 'tables.json'),
      'tables.json is not a snapshot of user tables.',
    ],
    [
      'over 2 MB',
      jsonFile(' '.repeat(2 * 1024 * 1024 + 1), 'huge.json'),
      'huge.json is larger than 2 MB',
    ],
  ])('refuses a file %s without calling the server', async (_what, file, message) => {
    const { api, user } = openDataSources({ [`POST ${previewUrl}`]: () => [creation] });
    await screen.findByRole('cell', { name: 'Site visits' });

    await user.upload(fileInput(), file);

    expect(await screen.findByRole('dialog', { name: 'Warning' })).toHaveTextContent(message);
    expect(api.to(previewUrl)).toHaveLength(0);
    expect(screen.queryByRole('dialog', { name: /^Import / })).toBeNull();
  });
});
