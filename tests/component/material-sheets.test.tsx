import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { materialEntity } from '#metadata';
import { dialogs } from '#platform/ui';
import { openAdminScreen } from './admin-support';

/** The materials workbook's toolbar on `/admin/downloaduploadmaterials`. */

const listUrl = materialEntity.grid.ListUrl;
const saveUrl = '/api/downloaduploadmaterials/save';
const downloadUrl = '/api/downloaduploadmaterials/download';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  dialogs.closeAll();
});

type Handlers = Parameters<typeof openAdminScreen>[1]['handlers'];

function openMaterials(handlers: Handlers = {}) {
  const opened = openAdminScreen(materialEntity.screens.list, {
    entity: materialEntity,
    permissions: ['ManageMaterials'],
    handlers: {
      [`GET ${listUrl}`]: () => ({
        '@odata.count': 1,
        value: [
          { Id: 1, Code: 'AC 6 DENSE SURF', Name: 'AC 6 dense surface course', Active: true },
        ],
      }),
      ...handlers,
    },
  });
  return { ...opened, user: userEvent.setup({ applyAccept: false }) };
}

const workbook = (name = 'materials.xlsx') =>
  new File([new Uint8Array([0x50, 0x4b, 3, 4])], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
const fileInput = () => screen.getByLabelText('Materials workbook (.xlsx)');
const listRequests = (api: ReturnType<typeof openMaterials>['api']) => api.to(listUrl).length;

describe('the materials toolbar', () => {
  it('refuses a file that is not named .xlsx without calling the server', async () => {
    const { api, user } = openMaterials();
    await screen.findByRole('cell', { name: 'AC 6 DENSE SURF' });
    await user.upload(fileInput(), new File(['Code,Name'], 'materials.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('dialog', { name: 'Warning' })).toHaveTextContent(
      'The file is not an Excel workbook (.xlsx).',
    );
    expect(api.to(saveUrl)).toHaveLength(0);
  });

  it('shows the errors grid when the server saved nothing', async () => {
    const { api, user } = openMaterials({
      [`POST ${saveUrl}`]: () => ({
        Errors: [
          { Row: 3, Field: 'Code', Message: 'may hold only digits, capital letters, spaces and ?' },
          { Row: 7, Field: 'Active', Message: 'is not TRUE or FALSE' },
        ],
        Created: 0,
        Updated: 0,
        Unchanged: 0,
      }),
    });
    await screen.findByRole('cell', { name: 'AC 6 DENSE SURF' });
    const before = listRequests(api);
    await user.upload(fileInput(), workbook());

    const grid = await screen.findByRole('table', { name: 'Problems of the uploaded workbook' });
    const rows = within(grid)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['3', 'Code', 'may hold only digits, capital letters, spaces and ?'],
      ['7', 'Active', 'is not TRUE or FALSE'],
    ]);
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'Nothing was saved: fix these rows and upload again',
    );
    expect(api.to(saveUrl)).toHaveLength(1);
    expect(listRequests(api)).toBe(before);
  });

  it('tells of a saved workbook and reloads the grid', async () => {
    const { api, user } = openMaterials({
      [`POST ${saveUrl}`]: () => ({ Errors: [], Created: 1, Updated: 2, Unchanged: 9 }),
    });
    await screen.findByRole('cell', { name: 'AC 6 DENSE SURF' });
    const before = listRequests(api);
    await user.upload(fileInput(), workbook());
    expect(
      await screen.findByText('The workbook was saved: 1 created, 2 updated, 9 unchanged.'),
    ).toBeVisible();
    await waitFor(() => expect(listRequests(api)).toBeGreaterThan(before));
  });

  it('shows the server’s reason for a refused file', async () => {
    const { user } = openMaterials({
      [`POST ${saveUrl}`]: () =>
        Response.json({ Message: 'The file is not an Excel workbook (.xlsx).' }, { status: 400 }),
    });
    await screen.findByRole('cell', { name: 'AC 6 DENSE SURF' });
    await user.upload(fileInput(), workbook('renamed.xlsx'));
    expect(await screen.findByRole('dialog', { name: 'Warning' })).toHaveTextContent(
      'The file is not an Excel workbook (.xlsx).',
    );
  });

  it('downloads the active materials, or all with the switch on', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:materials');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const queries: string[] = [];
    const { user } = openMaterials({
      [`GET ${downloadUrl}`]: (_body, _path, url) => {
        queries.push(url.search);
        return new Response(new Uint8Array([0x50, 0x4b]), {
          headers: { 'Content-Disposition': 'attachment; filename="materials-2026-11-26.xlsx"' },
        });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toEqual(['materials-2026-11-26.xlsx']));
    await user.click(screen.getByRole('switch', { name: 'Include inactive' }));
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(queries).toEqual(['?includeInactiveMaterials=false', '?includeInactiveMaterials=true']);
  });
});
