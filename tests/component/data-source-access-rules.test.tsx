import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AccessRules, type AccessRulesView, dataSourceEntity } from '#metadata';
import { dialogs } from '#platform/ui';
import {
  fieldName,
  openAdvanced,
  fieldTree,
  openDesigner,
  refusal,
  saveButton,
  siteVisits,
  type User,
} from '../support/data-source-designer';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  dialogs.closeAll();
});

const stored: AccessRulesView = {
  RowRules: [{ RoleIds: [3], Read: 'UnitId in $CurrentUserUnits', Write: null }],
  OthersRule: null,
  FieldRules: [{ Field: 'Notes', HiddenFor: [3], ReadOnlyFor: [] }],
  Version: 4,
  // Administrator, Manager and Staff may read the data source.
  ReaderRoleIds: [1, 2, 3],
};

const roles = {
  value: [
    { Id: 1, Name: 'Administrator' },
    { Id: 2, Name: 'Manager' },
    { Id: 3, Name: 'Staff' },
  ],
};

type Handlers = NonNullable<Parameters<typeof openDesigner>[1]>;

/**
 * The designer of data source 7 (or `view`) with its access rules on a fake server: the rules
 * above, the roles above, and a save answering what it was sent at the next version.
 */
function openRules(handlers: Handlers = {}, view = siteVisits(), rules = stored) {
  return openDesigner(view.Id, {
    'GET /api/dataSources/*': (_body, path) =>
      path.endsWith('/accessRules') ? rules : { ...view, Id: Number(path.split('/').at(-1)) },
    'GET /odata/RolesOData': () => roles,
    'PUT /api/dataSources/*': (body) => ({
      ...(body as AccessRules),
      Version: 5,
      ReaderRoleIds: rules.ReaderRoleIds,
    }),
    ...handlers,
  });
}

const panel = () => within(screen.getByRole('region', { name: 'Access rules' }));
const saveRules = () => panel().getByRole('button', { name: 'Save access rules' });

async function openedRules(...args: Parameters<typeof openRules>) {
  const opened = openRules(...args);
  await screen.findByRole('region', { name: 'Access rules' });
  await panel().findByRole('textbox', { name: 'Rows they read (rule 1)' });
  return opened;
}

/** Picks a role in a multi-select, by the select's label and the role's name. */
async function pick(user: User, label: string, role: string) {
  const input = panel().getByRole('combobox', { name: label });
  await user.click(input);
  await waitFor(() => expect(input).toHaveAttribute('aria-controls'));
  const list = document.getElementById(input.getAttribute('aria-controls')!)!;
  await user.click(within(list).getByRole('option', { name: role, hidden: true }));
  await user.keyboard('{Escape}');
}

describe('the access rules panel', () => {
  it('shows the stored row and field rules, roles by their names', async () => {
    await openedRules();
    expect(panel().getByRole('textbox', { name: 'Rows they read (rule 1)' })).toHaveValue(
      'UnitId in $CurrentUserUnits',
    );
    expect(panel().getByRole('textbox', { name: 'Rows they change (rule 1)' })).toHaveValue('');
    const roleInput = panel().getByRole('combobox', { name: 'Roles of rule 1' });
    expect(roleInput.closest('.mantine-MultiSelect-root')).toHaveTextContent('Staff');
    const hidden = panel().getByRole('combobox', { name: 'Hidden for Notes' });
    expect(hidden.closest('.mantine-MultiSelect-root')).toHaveTextContent('Staff');
    // Every field but the key and Version, with a user table's stamps.
    const rows = panel().getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Reference',
      'Notes',
      'Photos',
      'CreatedAt',
      'CreatedBy',
      'UpdatedAt',
      'UpdatedBy',
    ]);
    expect(panel().getByText('$CurrentUserUnits')).toBeVisible();
    expect(saveRules()).toBeDisabled();
  });

  it("saves the rules at the data source's version, and the designer then saves at the next", async () => {
    const { user, api } = await openedRules();
    await user.click(panel().getByRole('button', { name: 'Add row rule' }));
    await pick(user, 'Roles of rule 2', 'Manager');
    await user.type(
      panel().getByRole('textbox', { name: 'Rows they change (rule 2)' }),
      "Ref eq 'A'",
    );
    await pick(user, 'Read-only for Reference', 'Administrator');
    await user.click(saveRules());

    expect(await screen.findByText('The access rules were saved.')).toBeVisible();
    expect(api.to('/api/dataSources/7/accessRules').find((r) => r.method === 'PUT')?.body).toEqual({
      RowRules: [
        { RoleIds: [3], Read: 'UnitId in $CurrentUserUnits', Write: null },
        { RoleIds: [2], Read: null, Write: "Ref eq 'A'" },
      ],
      OthersRule: null,
      FieldRules: [
        { Field: 'Reference', HiddenFor: [], ReadOnlyFor: [1] },
        { Field: 'Notes', HiddenFor: [3], ReadOnlyFor: [] },
      ],
      Version: 4,
    });
    await waitFor(() => expect(saveRules()).toBeDisabled());

    await user.click(fieldTree().getByRole('button', { name: 'Edit field Notes' }));
    await openAdvanced(user);
    await user.clear(fieldName());
    await user.paste('Remarks');
    await user.click(saveButton());
    await waitFor(() => expect(api.to('/api/dataSources')).toHaveLength(1));
    expect(api.to('/api/dataSources')[0]?.body).toMatchObject({ Id: 7, Version: 5 });
  });

  it('shows what the server refused on the rule or field it names, and keeps a rule without roles', async () => {
    const { user, api } = await openedRules({
      'PUT /api/dataSources/*': () =>
        refusal({
          Message: 'Refused.',
          Errors: [
            { Field: 'RowRules[0].Read', Message: "RowRules[0].Read: unknown field 'UnitId'." },
            { Field: 'FieldRules[0].Field', Message: 'Notes identifies the row.' },
          ],
        }),
    });
    const read = panel().getByRole('textbox', { name: 'Rows they read (rule 1)' });
    await user.type(read, ' or true');
    await user.click(saveRules());
    expect(await panel().findByText("RowRules[0].Read: unknown field 'UnitId'.")).toBeVisible();
    expect(read).toHaveAttribute('aria-invalid', 'true');
    expect(panel().getByText('Notes identifies the row.')).toBeVisible();

    await user.click(panel().getByRole('button', { name: 'Add row rule' }));
    await user.click(saveRules());
    expect(await panel().findByText('Choose at least one role.')).toBeVisible();
    expect(api.to('/api/dataSources/7/accessRules').filter((r) => r.method === 'PUT')).toHaveLength(
      1,
    );
  });

  it('warns of the roles that may read but no rule names, until a rule for everyone else is saved', async () => {
    const { user, api } = await openedRules();
    const warning = panel().getByRole('alert', { name: 'Roles no rule restricts' });
    expect(
      within(warning)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Administrator', 'Manager']);
    // A warning, not an error: the rules can still be saved.
    await pick(user, 'Roles of rule 1', 'Manager');
    expect(
      within(panel().getByRole('alert', { name: 'Roles no rule restricts' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Administrator']);

    await user.click(panel().getByRole('button', { name: 'Add rule for everyone else' }));
    expect(panel().queryByRole('alert', { name: 'Roles no rule restricts' })).toBeNull();
    const others = panel().getByRole('group', { name: 'Everyone else' });
    // The last of the rules.
    const groups = panel().getAllByRole('group');
    expect(groups.indexOf(others)).toBeGreaterThan(
      groups.indexOf(panel().getByRole('group', { name: 'Rule 1' })),
    );
    await user.type(
      within(others).getByRole('textbox', { name: 'Rows they read (everyone else)' }),
      "Ref eq 'public'",
    );
    await user.click(saveRules());
    expect(await screen.findByText('The access rules were saved.')).toBeVisible();
    expect(api.to('/api/dataSources/7/accessRules').find((r) => r.method === 'PUT')?.body).toEqual({
      RowRules: [{ RoleIds: [3, 2], Read: 'UnitId in $CurrentUserUnits', Write: null }],
      OthersRule: { Read: "Ref eq 'public'", Write: null },
      FieldRules: [{ Field: 'Notes', HiddenFor: [3], ReadOnlyFor: [] }],
      Version: 4,
    });
    await waitFor(() => expect(saveRules()).toBeDisabled());
    expect(panel().queryByRole('alert', { name: 'Roles no rule restricts' })).toBeNull();
  });

  it('shows a stored rule for everyone else last, its refusal on its filter, and warns once it is removed', async () => {
    const rules = { ...stored, OthersRule: { Read: null, Write: 'CreatedById eq $CurrentUser' } };
    const { user } = await openedRules(
      {
        'PUT /api/dataSources/*': () =>
          refusal({
            Message: 'Refused.',
            Errors: [
              { Field: 'OthersRule.Write', Message: "OthersRule.Write: unknown field 'X'." },
            ],
          }),
      },
      siteVisits(),
      rules,
    );
    const others = within(panel().getByRole('group', { name: 'Everyone else' }));
    expect(others.getByRole('textbox', { name: 'Rows they read (everyone else)' })).toHaveValue('');
    const write = others.getByRole('textbox', { name: 'Rows they change (everyone else)' });
    expect(write).toHaveValue('CreatedById eq $CurrentUser');
    expect(panel().queryByRole('alert', { name: 'Roles no rule restricts' })).toBeNull();
    expect(panel().queryByRole('button', { name: 'Add rule for everyone else' })).toBeNull();

    await user.type(write, ' or X');
    await user.click(saveRules());
    expect(await panel().findByText("OthersRule.Write: unknown field 'X'.")).toBeVisible();
    expect(write).toHaveAttribute('aria-invalid', 'true');

    await user.click(others.getByRole('button', { name: 'Remove the rule for everyone else' }));
    expect(panel().queryByRole('group', { name: 'Everyone else' })).toBeNull();
    expect(panel().getByRole('alert', { name: 'Roles no rule restricts' })).toBeVisible();
  });

  it('offers to reload the data source when the save was stale', async () => {
    const { user, api } = await openedRules({
      'PUT /api/dataSources/*': () => refusal({ Message: 'Changed meanwhile.' }, 409),
    });
    await user.click(panel().getByRole('button', { name: 'Remove rule 1' }));
    await user.click(saveRules());
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(api.to('/api/dataSources/7')).toHaveLength(2));
  });

  it("edits a built-in data source's rules, whose definition is read-only", async () => {
    const builtIn = siteVisits({ Id: 3, IsVirtual: true, IsSystem: true, PrimaryKeyField: 'Id' });
    const { user, api } = await openedRules({}, builtIn);
    expect(screen.getByText(/describes a built-in table/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    const rows = panel().getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Reference',
      'Notes',
      'Photos',
    ]);
    await user.clear(panel().getByRole('textbox', { name: 'Rows they read (rule 1)' }));
    await user.click(saveRules());
    expect(await screen.findByText('The access rules were saved.')).toBeVisible();
    expect(api.to('/api/dataSources/3/accessRules').at(-1)?.body).toMatchObject({
      RowRules: [{ RoleIds: [3], Read: null, Write: null }],
    });
  });

  it("is not offered for the designers' own data sources, nor to those who may not design tables", async () => {
    openRules({}, siteVisits({ Id: dataSourceEntity.id, IsVirtual: true, IsSystem: true }));
    expect(await screen.findByRole('heading', { name: /Data source:/ })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Access rules' })).toBeNull();
    cleanup();

    openDesigner(7, { 'GET /api/dataSources/*/accessRules': () => stored }, ['ManageGridPages']);
    expect(await screen.findByRole('heading', { name: 'Data source: Site visits' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Access rules' })).toBeNull();
  });
});
