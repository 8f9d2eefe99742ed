import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dialogs } from '#platform/ui';
import { held } from '../support/fake-api';
import {
  itemsIn,
  openMenuEditor,
  openUnlocked,
  savesOf,
  storedMenu,
  tagged,
  tree,
} from '../support/menu-editor';

afterEach(() => {
  // Unmounted first, the screen starts no request once the fake server is gone.
  cleanup();
  vi.unstubAllGlobals();
  dialogs.closeAll();
});

const saveButton = () => screen.getByRole('button', { name: 'Save' });
const changedFlag = () =>
  screen.queryAllByRole('status').find((flag) => flag.textContent === 'Changed') ?? null;
const nameBox = () => screen.getByRole('textbox', { name: 'Name' });
const urlBox = () => screen.getByRole('textbox', { name: 'Address' });

describe('opening the menu editor', () => {
  it('shows the whole stored menu of the language as a tree, locked', async () => {
    const { api, user } = openMenuEditor();
    expect(await screen.findByRole('heading', { level: 2, name: 'Menu' })).toBeVisible();
    await screen.findByRole('region', { name: 'Menu items' });
    expect(String(api.fetch.mock.calls[0]?.[0])).toBe('/api/menu/GetMenu?language=en-gb&all=true');
    expect(itemsIn('Items at the top level')).toEqual(['Deliveries', 'Administration', 'Help']);
    expect(itemsIn('Items inside Administration')).toEqual(['Users', 'Roles', 'Schedule']);
    expect(
      screen.getByRole('switch', { name: 'Locked: only administrators can change it' }),
    ).toBeChecked();
    expect(screen.getByText('The menu is locked. Unlock it to make changes.')).toBeVisible();
    // Locked: nothing to drag, add or remove, and the fields are read only.
    expect(tree().queryByRole('button', { name: /^Move / })).toBeNull();
    expect(tree().queryByRole('button', { name: 'Add item' })).toBeNull();
    expect(tree().queryByRole('button', { name: /^Remove / })).toBeNull();
    await user.click(tree().getByRole('button', { name: 'Edit Users' }));
    expect(nameBox()).toHaveAttribute('readonly');
    expect(saveButton()).toBeDisabled();

    await user.click(screen.getByRole('switch', { name: /^(Locked|Unlocked)/ }));
    // The switch says the state it is in.
    expect(screen.getByRole('switch', { name: 'Unlocked' })).not.toBeChecked();
    expect(tree().getByRole('button', { name: 'Move Users' })).toBeVisible();
    expect(nameBox()).not.toHaveAttribute('readonly');
    expect(changedFlag()).toBeNull();
  });

  it("shows the server's message when the menu cannot be loaded, and tries again", async () => {
    let fail = true;
    const { user } = openMenuEditor({
      'GET /api/menu/GetMenu': () =>
        fail
          ? Response.json({ Message: 'The database is resting.' }, { status: 503 })
          : tagged(storedMenu(), '"v1"'),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The menu could not be loaded.');
    expect(alert).toHaveTextContent('The database is resting.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Menu items' })).toBeVisible();
  });

  it('tries the grid pages again when their call fails, then says so and offers another try', async () => {
    let calls = 0;
    let fail = true;
    const { user } = await openUnlocked({
      'GET /odata/GridPagesOData': () => {
        calls++;
        return fail
          ? Response.json({ Message: 'The database is resting.' }, { status: 503 })
          : { '@odata.count': 1, value: [{ Id: 1001, PageTitle: 'Site inspections' }] };
      },
    });
    await user.click(tree().getByRole('button', { name: 'Edit Users' }));
    const retry = await screen.findByRole(
      'button',
      { name: 'List grid pages again' },
      { timeout: 6000 },
    );
    expect(calls).toBe(3);
    expect(
      screen.getByText('The grid pages could not be listed; type the address or try again.'),
    ).toBeVisible();
    fail = false;
    await user.click(retry);
    const target = screen.getByRole('combobox', { name: 'Screen or grid page' });
    await waitFor(() =>
      expect(within(target).getByRole('option', { name: /Site inspections/ })).toBeTruthy(),
    );
    expect(screen.queryByRole('button', { name: 'List grid pages again' })).toBeNull();
  }, 15_000);

  it('opens another language, asking first when the menu has changed', async () => {
    const { api, user } = await openUnlocked();
    const picker = screen.getByRole('combobox', { name: 'Menu language' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['English (UK)', 'Deutsch']);
    await user.click(tree().getByRole('button', { name: 'Edit Users' }));
    await user.type(nameBox(), 's!');
    await user.selectOptions(picker, 'de-de');
    const question = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(question).toHaveTextContent(
      'Discard your changes to the menu and open another language?',
    );
    await user.click(within(question).getByRole('button', { name: 'OK' }));
    // Asked for, whatever else the screen asks meanwhile (the grid pages an item may open).
    await waitFor(() =>
      expect(api.fetch.mock.calls.map(([input]) => String(input))).toContain(
        '/api/menu/GetMenu?language=de-de&all=true',
      ),
    );
    expect(await screen.findByRole('switch', { name: /^(Locked|Unlocked)/ })).toBeChecked();
    expect(tree().getByRole('button', { name: 'Edit Users' })).toBeVisible();
  });
});

describe('editing the menu', () => {
  it('adds an item flagged New, edits its name and picks its address, and flags the change', async () => {
    const { user } = await openUnlocked();
    await user.click(tree().getByRole('button', { name: 'Add an item inside Help' }));

    expect(changedFlag()).toBeVisible();
    expect(itemsIn('Items inside Help')).toEqual(['Report a problem', 'New item']);
    const added = tree().getByRole('button', { name: 'Edit New item' });
    // The marks are beside the button, whose name is its visible text (WCAG 2.5.3).
    expect(within(added.closest('li')!).getAllByText('New')[0]).toBeVisible();
    expect(added).toHaveAttribute('aria-current', 'true');

    await user.clear(nameBox());
    expect(await screen.findByText('A name is required.')).toBeVisible();
    expect(saveButton()).toBeDisabled();
    await user.type(nameBox(), 'Inspections');
    const target = screen.getByRole('combobox', { name: 'Screen or grid page' });
    await waitFor(() =>
      expect(within(target).getByRole('option', { name: /Site inspections/ })).toBeTruthy(),
    );
    await user.selectOptions(target, '/udt/grid/1001');
    expect(urlBox()).toHaveValue('/udt/grid/1001');
    expect(
      tree().getByRole('button', { name: 'Edit Inspections' }).closest('li'),
    ).toHaveTextContent('/udt/grid/1001');

    await user.clear(urlBox());
    await user.type(urlBox(), '//elsewhere.example');
    expect(
      screen.getByText(
        'The address must be a path on this site starting with a single /, or empty.',
      ),
    ).toBeVisible();
    expect(saveButton()).toBeDisabled();
    await user.clear(urlBox());
    await user.type(urlBox(), '/nowhere');
    expect(
      screen.getByText('No screen opens at this address, so the menu does not show this item.'),
    ).toBeVisible();
    expect(saveButton()).toBeEnabled();
  });

  it('removes an item with what it holds after confirmation, and keeps the special ones', async () => {
    const { user } = await openUnlocked();
    await user.click(tree().getByRole('button', { name: 'Remove Administration' }));
    const warning = await screen.findByRole('dialog', { name: 'Warning' });
    expect(warning).toHaveTextContent('Administration cannot be removed');
    await user.click(within(warning).getByRole('button', { name: 'OK' }));
    expect(itemsIn('Items at the top level')).toContain('Administration');
    expect(changedFlag()).toBeNull();

    await user.click(tree().getByRole('button', { name: 'Remove Help' }));
    const question = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(question).toHaveTextContent('Remove Help and the item inside it from the menu?');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(itemsIn('Items at the top level')).toContain('Help');

    await user.click(tree().getByRole('button', { name: 'Remove Help' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Please confirm' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    expect(itemsIn('Items at the top level')).toEqual(['Deliveries', 'Administration']);
    expect(tree().queryByText('Report a problem')).toBeNull();
    expect(changedFlag()).toBeVisible();
  });

  it('holds the navigation lock while changed, and Cancel puts the stored menu back, locked', async () => {
    const { api, user } = await openUnlocked();
    await user.click(tree().getByRole('button', { name: 'Edit Roles' }));
    await user.type(nameBox(), ' and rights');
    expect(changedFlag()).toBeVisible();
    expect(lockHeld()).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const question = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(question).toHaveTextContent('Discard your changes to the menu?');
    await user.click(within(question).getByRole('button', { name: 'OK' }));

    expect(await screen.findByRole('switch', { name: /^(Locked|Unlocked)/ })).toBeChecked();
    expect(itemsIn('Items inside Administration')).toEqual(['Users', 'Roles', 'Schedule']);
    expect(changedFlag()).toBeNull();
    expect(lockHeld()).toBe(false);
    expect(api.to('/api/menu/GetMenu')).toHaveLength(2);
    expect(api.to('/api/menu/SaveMenu')).toHaveLength(0);
  });
});

/** Whether the navigation lock is held: leaving the page would ask "leave site?". */
function lockHeld(): boolean {
  const leaving = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(leaving);
  return leaving.defaultPrevented;
}

describe('saving the menu', () => {
  it('sends the whole menu with the ETag it read, and edits the saved one with real ids', async () => {
    const { api, user } = await openUnlocked();
    await user.click(tree().getByRole('button', { name: 'Add item' }));
    await user.clear(nameBox());
    await user.type(nameBox(), 'Sites');
    await user.click(tree().getByRole('button', { name: 'Add an item inside Sites' }));
    await user.clear(nameBox());
    await user.type(nameBox(), 'Site list');
    await user.type(urlBox(), '/weather');
    await user.click(saveButton());

    expect(await screen.findByText('The menu was saved.')).toBeVisible();
    const [save] = savesOf(api);
    expect(save?.ifMatch).toBe('"v1"');
    expect(save?.body).toEqual({
      Language: 'en-gb',
      MenuItems: [
        { Id: 1, Name: 'Deliveries', Url: '/', ParentId: null, Order: 1, IsNew: false },
        { Id: 100, Name: 'Administration', Url: null, ParentId: null, Order: 2, IsNew: false },
        { Id: 101, Name: 'Users', Url: '/admin/users', ParentId: 100, Order: 1, IsNew: false },
        { Id: 102, Name: 'Roles', Url: '/admin/roles', ParentId: 100, Order: 2, IsNew: false },
        { Id: 600, Name: 'Schedule', Url: '/hangfireview', ParentId: 100, Order: 60, IsNew: false },
        { Id: 900, Name: 'Help', Url: null, ParentId: null, Order: 3, IsNew: false },
        {
          Id: 901,
          Name: 'Report a problem',
          Url: '/about/reportaproblem',
          ParentId: 900,
          Order: 1,
          IsNew: false,
        },
        { Id: -1, Name: 'Sites', Url: null, ParentId: null, Order: 4, IsNew: true },
        { Id: -2, Name: 'Site list', Url: '/weather', ParentId: -1, Order: 1, IsNew: true },
      ],
    });
    // Saved: no longer changed or new, and the next save sends the new ETag.
    await waitFor(() => expect(changedFlag()).toBeNull());
    expect(tree().queryByText('New')).toBeNull();
    await user.click(tree().getByRole('button', { name: 'Edit Site list' }));
    await user.type(nameBox(), 's');
    await user.click(saveButton());
    await waitFor(() => expect(savesOf(api)).toHaveLength(2));
    expect(savesOf(api)[1]?.ifMatch).toBe('"v2"');
    expect(savesOf(api)[1]?.body.MenuItems.at(-1)).toEqual({
      Id: 10_001,
      Name: 'Site lists',
      Url: '/weather',
      ParentId: 10_000,
      Order: 1,
      IsNew: false,
    });
  });

  it('offers a reload when someone else changed the menu meanwhile (409)', async () => {
    let stale = true;
    const { api, user } = await openUnlocked({
      'POST /api/menu/SaveMenu': () =>
        Response.json({ Message: 'The menu was changed by someone else.' }, { status: 409 }),
      'GET /api/menu/GetMenu': () =>
        stale
          ? tagged(storedMenu(), '"v1"')
          : tagged(
              storedMenu().map((item) => (item.Id === 1 ? { ...item, Name: 'Loads' } : item)),
              '"v3"',
            ),
    });
    await user.click(tree().getByRole('button', { name: 'Edit Roles' }));
    await user.type(nameBox(), '!');
    stale = false;
    await user.click(saveButton());
    const question = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(question).toHaveTextContent('Someone else changed this menu since you opened it.');
    await user.click(within(question).getByRole('button', { name: 'Reload' }));

    expect(
      await within(await findTree()).findByRole('button', { name: 'Edit Loads' }),
    ).toBeVisible();
    expect(tree().getByRole('button', { name: 'Edit Roles' })).toBeVisible();
    // Reloaded to make the changes again: unlocked, unchanged.
    expect(screen.getByRole('switch', { name: /^(Locked|Unlocked)/ })).not.toBeChecked();
    expect(changedFlag()).toBeNull();
    expect(api.to('/api/menu/GetMenu')).toHaveLength(2);
  });

  it('shows a refusal on the items the server names, and keeps the changes', async () => {
    const { user } = await openUnlocked({
      'POST /api/menu/SaveMenu': () =>
        Response.json(
          {
            Message: "The menu cannot be saved: MenuItems.2.Url ('Users') is not allowed.",
            Errors: [{ Field: 'MenuItems.2.Url', Message: 'is not allowed' }],
          },
          { status: 400 },
        ),
    });
    await user.click(tree().getByRole('button', { name: 'Edit Users' }));
    await user.type(nameBox(), '!');
    await user.click(saveButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("MenuItems.2.Url ('Users') is not allowed.");
    expect(
      within(tree().getByRole('button', { name: 'Edit Users!' }).closest('li')!).getByText(
        'needs attention',
      ),
    ).toBeVisible();
    expect(screen.getByText('Url: is not allowed')).toBeVisible();
    expect(changedFlag()).toBeVisible();
  });

  it('keeps Save busy while the save is under way', async () => {
    const answer = held<Response>();
    const { user } = await openUnlocked({ 'POST /api/menu/SaveMenu': () => answer.promise });
    await user.click(tree().getByRole('button', { name: 'Edit Users' }));
    await user.type(nameBox(), '!');
    await user.click(saveButton());
    await waitFor(() => expect(saveButton()).toHaveAttribute('data-loading', 'true'));
    expect(screen.getByRole('switch', { name: /^(Locked|Unlocked)/ })).toBeDisabled();
    await act(async () => answer.release(tagged(storedMenu(), '"v2"')));
    await waitFor(() => expect(saveButton()).not.toHaveAttribute('data-loading'));
  });
});

const findTree = () => screen.findByRole('region', { name: 'Menu items' });
