import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DataSourceView, defaultDataSourcePermissions } from '#metadata';
import { dialogs } from '#platform/ui';
import {
  addField,
  fieldName,
  openAdvanced,
  fieldTree,
  layout,
  openDesigner,
  openLoaded,
  refusal,
  saveButton,
  siteVisits,
} from '../support/data-source-designer';

afterEach(() => {
  // Unmounted first, the screens start no request once the fake server is gone.
  cleanup();
  vi.unstubAllGlobals();
  dialogs.closeAll();
});

describe('saving', () => {
  it('puts the field tree with the column ids it was read with, and no form while untouched', async () => {
    const { user, api, router } = await openLoaded(7);
    await user.click(fieldTree().getByRole('button', { name: 'Edit field Notes' }));
    await openAdvanced(user);
    await user.clear(fieldName());
    await user.paste('Remarks');
    await addField(user, 'Due', 'Date');
    await user.click(saveButton());

    expect(await screen.findByText('The data source was saved.')).toBeVisible();
    const [put] = api.to('/api/dataSources');
    expect(put?.method).toBe('PUT');
    expect(put?.body).toEqual({
      Id: 7,
      Version: 4,
      Name: 'Site visits',
      PrimaryKeyField: '',
      SchemaDefinition: {
        type: 'object',
        properties: {
          Reference: { type: 'string', title: 'Reference', maxLength: 20, 'x-field-id': 1 },
          Remarks: { type: 'string', 'x-field-id': 2 },
          Photos: {
            type: 'array',
            'x-field-id': 3,
            items: { type: 'object', properties: { Caption: { type: 'string' } } },
          },
          Due: { type: 'string', format: 'date' },
        },
        required: ['Reference'],
      },
      FormDefinition: null,
      Permissions: defaultDataSourcePermissions,
    });
    expect(router.state.location.pathname).toBe('/admin/dataSources/7');
  });

  it('renames the controls of a renamed field in the form definition it sends', async () => {
    const { user, api } = await openLoaded(7);
    await user.click(layout().getByRole('button', { name: 'Tab' }));
    await user.click(fieldTree().getByRole('button', { name: 'Edit field Photos.Caption' }));
    await openAdvanced(user);
    await user.clear(fieldName());
    await user.paste('Label');
    await user.click(saveButton());

    await waitFor(() => expect(api.to('/api/dataSources')).toHaveLength(1));
    const body = api.to('/api/dataSources')[0]?.body as DataSourceView;
    expect(body.FormDefinition).toEqual({
      'ui:controls': [
        { Id: 'field-Reference', Type: 'field', Key: 'Reference' },
        { Id: 'field-Notes', Type: 'field', Key: 'Notes' },
        {
          Id: 'array-Photos',
          Type: 'array',
          Key: 'Photos',
          Children: [{ Id: 'field-Photos.Caption', Type: 'field', Key: 'Photos.Label' }],
        },
        { Id: 'tab-1', Type: 'tab', Children: [] },
      ],
    });
  });

  it("shows the spec's message on the Name when the name is taken", async () => {
    const { user, router } = openDesigner(0, {
      'POST /api/dataSources': () =>
        refusal({ Message: 'The name is taken.', AlreadyExists: true }),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Site visits');
    await user.click(saveButton());

    const name = screen.getByRole('textbox', { name: 'Name' });
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription('There is already user table with specified name.'),
    );
    expect(screen.getByText('The data source was not saved')).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/dataSources/0');
  });

  it('asks before dropping a field that holds data, and sends it again confirmed', async () => {
    const message = 'The field Notes holds data in 3 rows; saving deletes it.';
    const { user, api } = await openLoaded(7, {
      'PUT /api/dataSources': (body) =>
        (body as { ConfirmDataLoss?: boolean }).ConfirmDataLoss
          ? { ...siteVisits(), Version: 5 }
          : refusal({ Message: message, NeedsConfirmation: true }),
    });
    await user.click(layout().getByRole('button', { name: 'Remove Notes from the form' }));
    await user.click(fieldTree().getByRole('button', { name: 'Remove field Notes' }));

    await user.click(saveButton());
    let question = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(question).toHaveTextContent(message);
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('/api/dataSources')).toHaveLength(1);

    await user.click(saveButton());
    question = await screen.findByRole('dialog', { name: 'Please confirm' });
    await user.click(within(question).getByRole('button', { name: 'Save and lose the data' }));
    expect(await screen.findByText('The data source was saved.')).toBeVisible();
    const bodies = api
      .to('/api/dataSources')
      .map((request) => request.body as Record<string, unknown>);
    expect(bodies.map((body) => body.ConfirmDataLoss)).toEqual([undefined, undefined, true]);
    expect(bodies[2]?.SchemaDefinition).not.toHaveProperty('properties.Notes');
  });

  it('shows the errors of a refused save on the field and the control they name', async () => {
    const { user } = await openLoaded(7, {
      'PUT /api/dataSources': () =>
        refusal({
          Message: 'The data source is not valid.',
          Errors: [
            { Field: 'SchemaDefinition/Photos.Caption', Message: 'Caption is too long a name.' },
            { Field: 'FormDefinition/section-1', Message: 'A section needs a title.' },
            { Field: 'Name', Message: 'Names may not end in s.' },
          ],
        }),
    });
    await user.click(layout().getByRole('button', { name: 'Section' }));
    await user.click(saveButton());

    const summary = await screen.findByText('The data source was not saved');
    const alert = summary.closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent('Photos.Caption: Caption is too long a name.');
    expect(alert).toHaveTextContent('Section (no title): A section needs a title.');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'Names may not end in s.',
    );
    expect(layout().getByText('A section needs a title.')).toBeVisible();
    await user.click(fieldTree().getByRole('button', { name: 'Edit field Photos.Caption' }));
    await openAdvanced(user);
    const editor = screen.getByRole('region', { name: 'Field Photos.Caption' });
    expect(editor).toHaveTextContent('Caption is too long a name.');
    await user.type(fieldName(), 's');
    expect(editor).not.toHaveTextContent('Caption is too long a name.');
  });

  it('offers to load the data source again when someone else changed it', async () => {
    const { user, api } = await openLoaded(7, {
      'PUT /api/dataSources': () => refusal({ Message: 'Changed by someone else.' }, 409),
    });
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.paste('Visits');
    await user.click(saveButton());
    const question = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(question).toHaveTextContent('Someone else changed this data source');
    await user.click(within(question).getByRole('button', { name: 'Load it again' }));

    await waitFor(() => expect(api.to('/api/dataSources/7')).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Site visits'),
    );
  });
});

describe('leaving the designer', () => {
  it('asks before dropping unsaved changes on Cancel', async () => {
    const { user, router } = await openLoaded(7);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), ' 2');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    let question = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(question).toHaveTextContent('Leave without saving? Your changes will be lost.');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/admin/dataSources/7');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    question = await screen.findByRole('dialog', { name: 'Please confirm' });
    await user.click(within(question).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dataSources'));
  });

  it('goes back to the list at once when nothing changed', async () => {
    const { user, router } = await openLoaded(7);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dataSources'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("deletes after confirmation, and shows the server's reason when it refuses", async () => {
    const reason = "'Site visits' is shown by the grid page Visits; delete the page first.";
    let refuse = true;
    const { user, api, router } = await openLoaded(7, {
      'DELETE /api/dataSources/7': () =>
        refuse ? refusal({ Message: reason }) : new Response(null, { status: 204 }),
    });
    const confirmDelete = async () => {
      await user.click(screen.getByRole('button', { name: 'Delete' }));
      const question = await screen.findByRole('dialog', { name: 'Please confirm' });
      expect(question).toHaveTextContent('Delete the data source Site visits and all its rows?');
      await user.click(within(question).getByRole('button', { name: 'Delete' }));
    };
    await confirmDelete();
    const warning = await screen.findByRole('dialog', { name: 'Warning' });
    expect(warning).toHaveTextContent(reason);
    await user.click(within(warning).getByRole('button', { name: 'OK' }));
    expect(router.state.location.pathname).toBe('/admin/dataSources/7');

    refuse = false;
    await confirmDelete();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dataSources'));
    expect(await screen.findByText('Deleted.')).toBeVisible();
    expect(api.to('/api/dataSources/7').map((request) => request.method)).toEqual([
      'GET',
      'DELETE',
      'DELETE',
    ]);
  });
});
