import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShellLayout } from '../../app/shell/shell-layout';
import { dialogs } from '#platform/ui';
import { shellHandlers } from '../support/signed-in-shell';
import {
  actions,
  columns,
  combobox,
  deleteButton,
  openGridDesigner,
  openLoaded,
  refusal,
  saveButton,
  textbox,
  type User,
} from '../support/grid-page-designer';

/** Puts text at the end of a field at once (typing it key by key is slow under jsdom). */
async function enter(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.keyboard('{End}');
  await user.paste(text);
}

afterEach(() => {
  // Unmounted first, the screens start no request once the fake server is gone.
  cleanup();
  vi.unstubAllGlobals();
  dialogs.closeAll();
});

describe('saving', () => {
  it('creates a new page with a POST, then shows it at its own address', async () => {
    const { user, api, router } = openGridDesigner(0);
    await screen.findByRole('heading', { name: 'New grid page' });
    expect(saveButton()).toBeDisabled();
    expect(screen.getByText('Before you can save')).toBeVisible();

    await user.type(textbox('Page title'), 'Visits');
    await user.selectOptions(combobox('Data source'), 'Site visits');
    await user.click(await columns().findByRole('button', { name: 'Add column Reference' }));
    await user.click(columns().getByRole('button', { name: 'Add column Visited' }));
    await user.selectOptions(combobox('Format of column Visited'), 'DD/MM/YYYY');
    await user.click(saveButton());

    expect(await screen.findByText('The grid page was saved.')).toBeVisible();
    const [post] = api.to('/api/grids');
    expect(post?.method).toBe('POST');
    expect(post?.body).toEqual({
      Id: 0,
      PageTitle: 'Visits',
      DataSourceId: 7,
      Columns: [
        { Id: 1, Field: 'Reference', Title: 'Reference', Format: null, Type: 'string', Order: 1 },
        { Id: 2, Field: 'Visited', Title: 'Visited', Format: 'DD/MM/YYYY', Type: 'date', Order: 2 },
      ],
      Actions: [{ Id: 1, Title: 'GRID.ACTION.NEW', Type: 'New', UrlToRedirect: null, Order: 1 }],
      RowActions: [
        { Id: 1, Title: 'GRID.ACTION.EDIT', Type: 'Edit', UrlToRedirect: null, Order: 1 },
        { Id: 2, Title: 'GRID.ACTION.DELETE', Type: 'Delete', UrlToRedirect: null, Order: 2 },
      ],
      PageSize: 20,
      DefaultSort: [],
      DefaultFilter: null,
      DefaultFilterTitle: null,
      Permission: '',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/grids/1002'));
    // Created, the screen moves to the new address and is drawn again there.
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Grid page: Visits' })).toBeVisible(),
    );
  });

  it('puts an existing page with the Version it read and every setting changed', async () => {
    const { user, api } = await openLoaded(1001);
    await enter(user, textbox('Page title'), ' today');
    await user.selectOptions(combobox('Page size'), '50');
    await user.selectOptions(combobox('Sort by'), 'Loads');
    await user.selectOptions(combobox('Direction'), 'Descending');
    // The filter as rows: a yes/no field is "No".
    const filter = screen.getByRole('group', { name: 'Default filter' });
    await user.click(within(filter).getByRole('button', { name: 'Add a condition' }));
    await user.selectOptions(combobox('Field of condition 1'), 'Checked');
    await user.selectOptions(combobox('Value of condition 1'), 'No');
    await enter(user, textbox('What the filter keeps'), 'Unchecked only');
    // The rule as an expression, under Advanced: one the picker cannot show stays as typed.
    const who = screen.getByRole('group', { name: 'Who may see the page' });
    await user.click(within(who).getByRole('button', { name: 'Advanced' }));
    await enter(
      user,
      await screen.findByRole('textbox', { name: 'Who may see the page, as an expression' }),
      'ManageUsers,!Guest',
    );
    expect(screen.getByText(/This rule says more than the choices above can show/)).toBeVisible();
    await user.click(columns().getByRole('button', { name: 'Remove column Loads' }));
    await enter(user, textbox('Title of column Reference'), ' no.');
    await user.click(
      actions().getByRole('button', { name: 'Add a Redirect button above the grid' }),
    );
    expect(saveButton()).toBeDisabled();
    await enter(user, textbox('Title of button Redirect'), 'Reports');
    await enter(user, textbox('Address of button Redirect'), '/reports');
    await user.click(saveButton());

    expect(await screen.findByText('The grid page was saved.')).toBeVisible();
    const [put] = api.to('/api/grids');
    expect(put?.method).toBe('PUT');
    expect(put?.body).toEqual({
      Id: 1001,
      Version: 3,
      PageTitle: 'Visits today',
      DataSourceId: 7,
      PkField: 'Id',
      Columns: [
        {
          Id: 1,
          Field: 'Reference',
          Title: 'Reference no.',
          Format: null,
          Type: 'string',
          Order: 1,
        },
        { Id: 2, Field: 'Visited', Title: 'Visited', Format: 'DD/MM/YYYY', Type: 'date', Order: 2 },
      ],
      Actions: [
        { Id: 1, Title: 'GRID.ACTION.NEW', Type: 'New', UrlToRedirect: null, Order: 1 },
        { Id: 2, Title: 'Reports', Type: 'Redirect', UrlToRedirect: '/reports', Order: 2 },
      ],
      RowActions: [
        { Id: 1, Title: 'GRID.ACTION.EDIT', Type: 'Edit', UrlToRedirect: null, Order: 1 },
        { Id: 2, Title: 'GRID.ACTION.DELETE', Type: 'Delete', UrlToRedirect: null, Order: 2 },
      ],
      PageSize: 50,
      DefaultSort: [{ Field: 'Loads', Desc: true }],
      DefaultFilter: 'Checked eq false',
      DefaultFilterTitle: 'Unchecked only',
      Permission: 'ManageUsers,!Guest',
    });
    // Saved, the page is as the server answered: nothing left to save.
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Grid page: Visits today' })).toBeVisible(),
    );
  });

  it("shows the spec's message on the page title when the title is taken", async () => {
    const { user, router } = openGridDesigner(0, {
      'POST /api/grids': () => refusal({ Message: 'The title is taken.', AlreadyExists: true }),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Page title' }), 'Visits');
    await user.selectOptions(combobox('Data source'), 'Site visits');
    await user.click(await columns().findByRole('button', { name: 'Add all' }));
    await user.click(saveButton());

    await waitFor(() =>
      expect(textbox('Page title')).toHaveAccessibleDescription(
        expect.stringContaining('There is already grid page with this title.'),
      ),
    );
    expect(screen.getByText('The grid page was not saved')).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/grids/0');
    // Another title takes the message away.
    await user.type(textbox('Page title'), ' 2');
    expect(textbox('Page title')).not.toHaveAccessibleDescription(
      expect.stringContaining('There is already'),
    );
  });

  it('puts the errors of a refused save on the column, button and setting they name', async () => {
    const { user } = await openLoaded(1001, {
      'PUT /api/grids': () =>
        refusal({
          Message: 'Columns/1/Format: must be a date pattern (and 2 more).',
          Errors: [
            { Field: 'Columns/1/Format', Message: 'must be a date pattern such as DD/MM/YYYY' },
            { Field: 'RowActions/1/Title', Message: 'is required' },
            { Field: 'Permission', Message: 'has an empty entry (2 of group 1)' },
          ],
        }),
    });
    const who = screen.getByRole('group', { name: 'Who may see the page' });
    await user.click(within(who).getByRole('button', { name: 'Advanced' }));
    await user.type(
      await screen.findByRole('textbox', { name: 'Who may see the page, as an expression' }),
      'ManageUsers,',
    );
    await user.click(saveButton());

    const summary = (await screen.findByText('The grid page was not saved')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(summary).toHaveTextContent(
      'column Visited: Format must be a date pattern such as DD/MM/YYYY',
    );
    expect(summary).toHaveTextContent('Delete: Title is required');
    expect(summary).toHaveTextContent('Who may see the page: has an empty entry (2 of group 1)');
    const visited = textbox('Title of column Visited').closest('li') as HTMLElement;
    expect(
      within(visited).getByText('Format must be a date pattern such as DD/MM/YYYY'),
    ).toBeVisible();
    expect(textbox('Who may see the page, as an expression')).toHaveAccessibleDescription(
      expect.stringContaining('has an empty entry (2 of group 1)'),
    );

    await user.selectOptions(combobox('Format of column Visited'), 'YYYY-MM-DD');
    expect(within(visited).queryByText(/Format must be/)).toBeNull();
  });

  it('offers to load the page again, as stored, when someone else changed it', async () => {
    const { user, api, pageQueries } = await openLoaded(1001, {
      'PUT /api/grids': () => refusal({ Message: 'Changed by someone else.' }, 409),
    });
    await user.clear(textbox('Page title'));
    await user.paste('Site visits');
    await user.click(saveButton());
    const question = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(question).toHaveTextContent('Someone else changed this grid page');
    await user.click(within(question).getByRole('button', { name: 'Load it again' }));

    await waitFor(() => expect(api.to('/api/grids/1001')).toHaveLength(2));
    await waitFor(() => expect(textbox('Page title')).toHaveValue('Visits'));
    expect(pageQueries).toEqual(['?design=true', '?design=true']);
  });
});

describe('leaving the designer', () => {
  it('locks the profile and sign-out links while there are unsaved changes', async () => {
    const { user } = openGridDesigner(
      1001,
      {
        ...shellHandlers,
        'POST /api/auth/permissions': () => ['ManageGridPages'],
      },
      { layout: ShellLayout },
    );
    await screen.findByRole('region', { name: 'Columns' });
    const signOut = async () => {
      await user.click(
        within(screen.getByRole('banner')).getByRole('button', { name: 'Jo Bloggs' }),
      );
      return screen.findByRole('menuitem', { name: 'Sign out', hidden: true });
    };
    expect(await signOut()).not.toHaveAttribute('data-disabled');
    await user.keyboard('{Escape}');

    await user.type(textbox('Title of column Loads'), ' today');
    expect(await signOut()).toHaveAttribute('data-disabled', 'true');
    expect(screen.getByText('Save or cancel your changes first.')).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(saveButton());
    expect(await screen.findByText('The grid page was saved.')).toBeVisible();
    await waitFor(async () => expect(await signOut()).not.toHaveAttribute('data-disabled'));
  });

  it('asks before dropping unsaved changes on Cancel', async () => {
    const { user, router } = await openLoaded(1001);
    await user.click(columns().getByRole('button', { name: 'Remove column Loads' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    let question = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(question).toHaveTextContent('Leave without saving? Your changes will be lost.');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/admin/grids/1001');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    question = await screen.findByRole('dialog', { name: 'Please confirm' });
    await user.click(within(question).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/grids'));
  });

  it('deletes a page after confirmation', async () => {
    const { user, api, router } = await openLoaded(1001, {
      'DELETE /api/grids/1001': () => new Response(null, { status: 204 }),
    });
    await user.click(deleteButton());
    const question = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(question).toHaveTextContent('Delete the grid page Visits?');
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/grids'));
    expect(await screen.findByText('Deleted.')).toBeVisible();
    expect(api.to('/api/grids/1001').map((request) => request.method)).toEqual(['GET', 'DELETE']);
  });
});

describe('a built-in page', () => {
  it("keeps its data source and key, and shows the server's refusal to delete it", async () => {
    const reason =
      "'Grid pages' is a built-in grid page and cannot be deleted. Remove its columns or change its permission instead.";
    const { user, router } = await openLoaded(5, {
      'DELETE /api/grids/5': () => refusal({ Message: reason }),
    });
    expect(screen.getByRole('heading', { name: 'Grid page: Grid pages' })).toBeVisible();
    expect(combobox('Data source')).toBeDisabled();
    expect(combobox('Data source')).toHaveDisplayValue('Units');
    expect(combobox('Key field')).toBeDisabled();
    expect(textbox('Title of column Code')).not.toHaveAttribute('readonly');

    await user.click(deleteButton());
    const question = await screen.findByRole('dialog', { name: 'Please confirm' });
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    const warning = await screen.findByRole('dialog', { name: 'Warning' });
    expect(warning).toHaveTextContent(reason);
    expect(router.state.location.pathname).toBe('/admin/grids/5');
  });
});

describe('a reader who may not design pages', () => {
  it('shows the page read-only, as its screen shows it', async () => {
    const { pageQueries } = await openLoaded(1001, {}, { permissions: ['ManageMenu'] });
    expect(pageQueries).toEqual(['']);
    expect(screen.getByText(/shown read-only/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Add / })).toBeNull();
    expect(textbox('Page title')).toHaveAttribute('readonly');
    expect(combobox('Data source')).toBeDisabled();
  });
});
