import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { companyEntity, materialEntity, unitEntity, userEntity } from '#metadata';
import { dialogs } from '#platform/ui';
import { openAdminScreen } from './admin-support';

afterEach(() => {
  vi.unstubAllGlobals();
  dialogs.closeAll();
});

const heading = (name: string) => screen.findByRole('heading', { level: 2, name });
const save = () => screen.getByRole('button', { name: 'Save' });
const errorSummary = () => screen.findByRole('alert', { name: 'Please correct these errors:' });

function openNewUnit() {
  const opened = openAdminScreen('/admin/units/0', {
    entity: unitEntity,
    permissions: ['ManageUnits'],
    handlers: { 'GET /odata/UnitsOData': () => ({ '@odata.count': 0, value: [] }) },
  });
  return { ...opened, user: userEvent.setup() };
}

function openMaterial(code: string) {
  const row = { Id: 3, Code: code, Name: 'Close surf', Active: true, CanAddEvotherm: false };
  const opened = openAdminScreen('/admin/material/3', {
    entity: materialEntity,
    permissions: ['ManageMaterials'],
    handlers: {
      'GET /api/materials/GetMaterialById/3': () => ({ ...row, MixType: 'dense', Version: 1 }),
      'GET /odata/MaterialsOData': () => ({ '@odata.count': 0, value: [] }),
    },
  });
  return { ...opened, user: userEvent.setup() };
}

const companyAdmin = {
  Id: 5,
  Name: 'companyadmin',
  FirstName: 'Casey',
  Surname: 'Company',
  FullName: 'Casey Company',
  Email: 'companyadmin@demo.asphalt.test',
  Active: true,
  Language: 'en-gb',
  Roles: [],
  Groups: [],
  Units: [],
  IsAdmin: false,
  Version: 2,
};

function openUser(row: typeof companyAdmin) {
  return openAdminScreen('/admin/users/5', {
    entity: userEntity,
    permissions: ['ManageUsers'],
    handlers: {
      'GET /api/users/GetUserById/5': () => row,
      'GET /api/Language/GetLanguages': () => [
        { Id: 'en-gb', Name: 'English (UK)' },
        { Id: 'fake', Name: 'Fake (pseudo-localised)' },
      ],
      'GET /odata/UsersOData': () => ({ '@odata.count': 0, value: [] }),
    },
  });
}

describe('the heading of a detail screen', () => {
  it('says a new row is new, by the kind of row', async () => {
    openNewUnit();
    expect(await heading('New unit')).toBeVisible();
  });

  it('names the open row by its title field', async () => {
    openUser(companyAdmin);
    expect(await heading('User: companyadmin')).toBeVisible();
  });
});

describe('validation messages', () => {
  it('name each empty field beside it, list them above the buttons and focus the first', async () => {
    const { api, user } = openNewUnit();
    await heading('New unit');
    await user.click(save());

    const code = screen.getByRole('textbox', { name: /^Code/ });
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await waitFor(() => expect(code).toHaveAccessibleDescription('Enter the code.'));
    expect(name).toHaveAccessibleDescription('Enter the name.');
    const summary = await errorSummary();
    expect(
      within(summary)
        .getAllByRole('link')
        .map((line) => line.textContent),
    ).toEqual(['Enter the code.', 'Enter the name.']);
    await waitFor(() => expect(code).toHaveFocus());
    expect(api.to('/api/units/SaveUnit')).toHaveLength(0);

    await user.click(within(summary).getByRole('link', { name: 'Enter the name.' }));
    expect(name).toHaveFocus();
  });

  it('say only that an emptied code is missing, not that its format is wrong too', async () => {
    const { user } = openMaterial('AC 10');
    const code = await screen.findByRole('textbox', { name: /^Code/ });
    await user.clear(code);
    await user.click(save());
    await waitFor(() => expect(code).toHaveAccessibleDescription('Enter the code.'));
  });

  it("give a pattern's message from the field's metadata", async () => {
    const { user } = openMaterial('ac-10');
    const code = await screen.findByRole('textbox', { name: /^Code/ });
    await user.click(save());
    const message = 'Use only digits, capital letters, spaces and ? in the code.';
    await waitFor(() => expect(code).toHaveAccessibleDescription(message));
    expect(await errorSummary()).toHaveTextContent(message);
  });
});

describe('list fields', () => {
  it('have a labelled add button and labelled rows', async () => {
    const opened = openAdminScreen('/admin/companies/0', {
      entity: companyEntity,
      permissions: ['ManageCompanies'],
      handlers: { 'GET /odata/CompaniesOData': () => ({ '@odata.count': 0, value: [] }) },
    });
    const user = userEvent.setup();
    expect(await heading('New company')).toBeVisible();
    const contacts = screen.getByRole('group', { name: 'Contacts' });
    expect(within(contacts).getByText('None yet.')).toBeVisible();
    await user.click(within(contacts).getByRole('button', { name: 'Add contact' }));
    await user.click(within(contacts).getByRole('button', { name: 'Add contact' }));

    expect(screen.getByRole('group', { name: 'Contact 1' })).toBeVisible();
    const second = screen.getByRole('group', { name: 'Contact 2' });
    expect(within(second).getByRole('textbox', { name: /^Name/ })).toBeVisible();
    expect(within(contacts).getByRole('button', { name: 'Remove contact 2' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Add Item' })).not.toBeInTheDocument();
    expect(opened.api.to('/api/companies/SaveCompany')).toHaveLength(0);
  });
});

const languageField = async () => {
  await screen.findByRole('textbox', { name: /^User name/ });
  return screen.getByRole('combobox', { name: 'Language' });
};

describe("the user editor's language", () => {
  it('shows the language the user has, by its name', async () => {
    openUser(companyAdmin);
    await heading('User: companyadmin');
    const language = await languageField();
    await waitFor(() => expect(language).toHaveValue('English (UK)'));
  });

  it('shows a language stored in another case by its name', async () => {
    openUser({ ...companyAdmin, Language: 'en-GB' });
    await heading('User: companyadmin');
    const language = await languageField();
    await waitFor(() => expect(language).toHaveValue('English (UK)'));
  });

  it('says a user without a language of their own follows the site default', async () => {
    openUser({ ...companyAdmin, Language: null as unknown as string });
    await heading('User: companyadmin');
    const language = await languageField();
    expect(language).toHaveValue('');
    expect(language).toHaveAttribute('placeholder', 'The site’s default language');
  });
});
