import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataSourceEntity, type DataSourceView, defaultDataSourcePermissions } from '#metadata';
import { dialogs, useSession } from '#platform/ui';
import { fakeApi } from '../support/fake-api';
import { aSignedInUser } from '../support/fixtures';
import { openAppAt } from '../support/open-app';
import { gridPageOf } from './admin-support';
import {
  addField,
  blank,
  fieldName,
  fieldTree,
  layout,
  openAdvanced,
  openDesigner,
  openLoaded,
  pane,
  preview,
  saveButton,
  siteVisits,
} from '../support/data-source-designer';

afterEach(() => {
  // Unmounted first, the screens start no request once the fake server is gone.
  cleanup();
  vi.unstubAllGlobals();
  dialogs.closeAll();
});

describe('the data source designer', () => {
  it('shows the field tree, the form layout and the preview of a data source', async () => {
    openDesigner(7);
    expect(await screen.findByRole('heading', { name: 'Data source: Site visits' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Site visits');
    const fields = within(pane('Fields'));
    expect(fields.getByRole('button', { name: 'Edit field Photos.Caption' })).toBeVisible();
    const layout = within(pane('Form layout'));
    expect(layout.getByRole('button', { name: 'Move Reference' })).toBeVisible();
    await waitFor(() =>
      expect(within(preview()).getByRole('textbox', { name: /Reference/ })).toBeVisible(),
    );
  });
});

describe('the field tree', () => {
  it('adds fields of several types, and the preview draws each at once', async () => {
    const { user } = openDesigner(0);
    expect(await screen.findByRole('heading', { name: 'New data source' })).toBeVisible();

    await user.click(fieldTree().getByRole('button', { name: 'Add field' }));
    // The types in the user's words; the lookup is not there yet, and says so.
    const kinds = within(await screen.findByRole('menu', { hidden: true }));
    expect(
      kinds.getAllByRole('menuitem', { hidden: true }).map((item) => item.textContent),
    ).toEqual([
      'Text',
      'Long text',
      'Whole number',
      'Decimal number',
      'Yes/No',
      'Date',
      'Date and time',
      'Choice from a list',
      'Lookup to another table (not available yet)',
      'Repeating group',
      'Group of fields',
    ]);
    await user.click(kinds.getByRole('menuitem', { name: 'Text', hidden: true }));
    const title = screen.getByRole('textbox', { name: /^Title/ });
    expect(title).toHaveFocus();
    await waitFor(() =>
      expect(within(preview()).getByRole('textbox', { name: 'Field1' })).toBeVisible(),
    );
    // The name is made from the title, and stays under Advanced.
    expect(screen.queryByRole('textbox', { name: /^Field name/ })).toBeNull();
    await user.type(title, 'Site visited on');
    await waitFor(() =>
      expect(within(preview()).getByRole('textbox', { name: 'Site visited on' })).toBeVisible(),
    );
    expect(within(preview()).queryByRole('textbox', { name: 'Field1' })).toBeNull();
    await openAdvanced(user);
    expect(fieldName()).toHaveValue('SiteVisitedOn');
    await user.clear(fieldName());
    await user.type(fieldName(), 'Site');

    await addField(user, 'Loads', 'Integer');
    await addField(user, 'Done', 'Boolean');
    await addField(user, 'Size', 'Enum');
    await user.click(screen.getByRole('textbox', { name: /^Choices/ }));
    await user.paste('small;large');

    await waitFor(() => {
      const form = within(preview());
      expect(form.getByRole('textbox', { name: 'Loads' })).toHaveAttribute('inputmode');
      expect(form.getByRole('checkbox', { name: 'Done' })).toBeVisible();
      expect(form.getByText('Size')).toBeVisible();
    });
    // Each new field has its control in the form layout.
    expect(layout().getByRole('button', { name: 'Move Loads' })).toBeVisible();
  });

  it('nests fields in an array and creates the data source with a POST', async () => {
    const { user, api, router } = openDesigner(0);
    await user.click(await screen.findByRole('textbox', { name: 'Name' }));
    await user.paste('Loads log');
    await addField(user, 'Site');
    await addField(user, 'Photos', 'Array');
    await user.click(fieldTree().getByRole('button', { name: 'Add a field to Photos' }));
    await openAdvanced(user);
    await user.clear(fieldName());
    await user.paste('Caption');

    await waitFor(() => expect(within(preview()).getByText('Photos')).toBeVisible());
    // The item field's control is in its array's control.
    expect(layout().getByRole('list', { name: 'Contents of Photos' })).toHaveTextContent('Caption');

    await user.click(saveButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dataSources/12'));
    expect(api.to('/api/dataSources')[0]?.method).toBe('POST');
    expect(api.to('/api/dataSources')[0]?.body).toEqual({
      Id: 0,
      Name: 'Loads log',
      PrimaryKeyField: '',
      SchemaDefinition: {
        type: 'object',
        properties: {
          Site: { type: 'string' },
          Photos: {
            type: 'array',
            items: { type: 'object', properties: { Caption: { type: 'string' } } },
          },
        },
      },
      // The form was never arranged: the default form stays.
      FormDefinition: null,
      Permissions: defaultDataSourcePermissions,
    });
    // Created, the screen moves to the new address and is drawn again there.
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Data source: Loads log' })).toBeVisible(),
    );
    expect(screen.getByText('The data source was saved.')).toBeVisible();
  });

  it('refuses a name another field beside it has, and Save waits until it is fixed', async () => {
    const { user } = await openLoaded(7);
    await user.click(fieldTree().getByRole('button', { name: 'Edit field Notes' }));
    await openAdvanced(user);
    await user.clear(fieldName());
    await user.type(fieldName(), 'reference');

    expect(fieldName()).toHaveAccessibleDescription(/Another field here has this name\./);
    expect(saveButton()).toBeDisabled();
    expect(screen.getByText('Before you can save')).toBeVisible();
    expect(screen.getAllByText('reference: Another field here has this name.')).toHaveLength(1);

    await user.type(fieldName(), 's');
    expect(fieldName()).not.toHaveAccessibleDescription(/Another field/);
    expect(saveButton()).toBeEnabled();
    expect(screen.queryByText('Before you can save')).toBeNull();
  });

  it('refuses a pattern RE2 cannot run, saying why, and takes one JavaScript would stall on', async () => {
    const { user } = await openLoaded(7);
    await user.click(fieldTree().getByRole('button', { name: 'Edit field Notes' }));
    await openAdvanced(user);
    const pattern = screen.getByRole('textbox', { name: 'Pattern' });
    await user.click(pattern);
    await user.paste('^(\\w+) \\1$');

    const backreference = /This pattern uses a backreference \(\\1\), which patterns may not use/;
    expect(pattern).toHaveAccessibleDescription(backreference);
    expect(saveButton()).toBeDisabled();
    expect(screen.getByText('Before you can save')).toBeVisible();

    await user.clear(pattern);
    await user.paste('(?<!-)\\d+');
    expect(pattern).toHaveAccessibleDescription(
      /uses a lookahead or lookbehind, \(\?<!…\), which patterns may not use/,
    );

    // Linear in RE2; JavaScript takes seconds on 29 a's and a b, doubling with each a.
    await user.clear(pattern);
    await user.paste('^(a|a)*$');
    expect(pattern).not.toHaveAccessibleDescription(/This pattern/);
    expect(saveButton()).toBeEnabled();
    const form = within(preview());
    await user.type(form.getByRole('textbox', { name: /^Reference/ }), 'V-1');
    await user.click(form.getByRole('textbox', { name: /^Notes/ }));
    await user.paste(`${'a'.repeat(10_000)}b`);
    await user.click(form.getByRole('button', { name: 'Check the form' }));
    await waitFor(() =>
      expect(form.getAllByText('Check the notes: it is not in the expected format.')).not.toEqual(
        [],
      ),
    );
    expect(form.queryByText(/The form would be accepted/)).toBeNull();
  });

  it('will not delete a field a control shows (spec warning), only once off the form', async () => {
    const { user } = await openLoaded(7);
    await user.click(fieldTree().getByRole('button', { name: 'Remove field Notes' }));
    const warning = await screen.findByRole('dialog', { name: 'Warning' });
    expect(warning).toHaveTextContent(
      "This item can't be deleted while it is used in control tree.",
    );
    await user.click(within(warning).getByRole('button', { name: 'OK' }));
    expect(fieldTree().getByRole('button', { name: 'Edit field Notes' })).toBeVisible();

    await user.click(layout().getByRole('button', { name: 'Remove Notes from the form' }));
    expect(layout().getByRole('button', { name: 'Put Notes on the form' })).toBeVisible();
    await user.click(fieldTree().getByRole('button', { name: 'Remove field Notes' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fieldTree().queryByRole('button', { name: 'Edit field Notes' })).toBeNull();
  });

  it('makes the key field required, with no way to unset it', async () => {
    const { user, api } = await openLoaded(7);
    await user.selectOptions(screen.getByRole('combobox', { name: /^Key field/ }), 'Notes');
    await user.click(fieldTree().getByRole('button', { name: 'Edit field Notes' }));
    const required = screen.getByRole('checkbox', { name: 'Required' });
    expect(required).toBeChecked();
    expect(required).toBeDisabled();
    await user.click(saveButton());

    await waitFor(() => expect(api.to('/api/dataSources')).toHaveLength(1));
    const body = api.to('/api/dataSources')[0]?.body as DataSourceView;
    expect(body.PrimaryKeyField).toBe('Notes');
    expect(body.SchemaDefinition.required).toEqual(['Reference', 'Notes']);
  });
});

describe('the preview', () => {
  it('validates as the real form would, and saves nothing', async () => {
    const { user, api } = await openLoaded(7);
    const form = within(preview());
    await user.click(form.getByRole('button', { name: 'Check the form' }));
    await waitFor(() =>
      expect(form.getAllByText('Enter the reference.').length).toBeGreaterThan(0),
    );
    expect(form.queryByText(/The form would be accepted/)).toBeNull();

    await user.type(form.getByRole('textbox', { name: /^Reference/ }), 'V-1');
    await user.click(form.getByRole('button', { name: 'Check the form' }));
    expect(await form.findByText(/The form would be accepted/)).toBeVisible();
    expect(api.requests.every((request) => request.method === 'GET')).toBe(true);
  });
});

describe('what may be changed', () => {
  it('shows a system data source read-only, with a note', async () => {
    const system = siteVisits({ Id: 21, Name: 'DataSources', IsSystem: true, IsVirtual: true });
    const { api } = openDesigner(0, { 'GET /api/dataSources/*': () => system });
    expect(
      await screen.findByText(
        /describes a built-in table. It can be looked at here, but not changed/,
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add field' })).toBeNull();
    expect(fieldTree().getByRole('button', { name: 'Show field Notes' })).toBeVisible();
    expect(layout().queryByRole('button', { name: /^Move / })).toBeNull();
    expect(api.requests.every((request) => request.method === 'GET')).toBe(true);
  });

  it('shows a data source read-only to whoever may only read it', async () => {
    await openLoaded(7, {}, ['ManageGridPages']);
    expect(screen.getByText(/Only holders of the Design data tables permission/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('readonly');
  });

  it('lists data sources with New, Edit and Delete for their designers', async () => {
    const api = fakeApi({
      'GET /api/grids/21': () => gridPageOf(dataSourceEntity),
      'GET /odata/DataSourcesOData': () => ({
        '@odata.count': 1,
        value: [{ Id: 7, Name: 'Site visits', IsVirtual: false, IsSystem: false }],
      }),
      'GET /api/dataSources/0': () => blank,
    });
    vi.stubGlobal('fetch', api.fetch);
    useSession.setState({
      user: aSignedInUser(),
      permissions: ['ManageDataSources'],
      authenticated: true,
      loaded: true,
    });
    const router = openAppAt('/admin/dataSources');
    const user = userEvent.setup();
    const row = (await screen.findByRole('cell', { name: 'Site visits' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByRole('button', { name: 'Edit' })).toBeVisible();
    expect(within(row).getByRole('button', { name: 'Delete' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'New' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dataSources/0'));
    expect(await screen.findByRole('heading', { name: 'New data source' })).toBeVisible();
  });
});
