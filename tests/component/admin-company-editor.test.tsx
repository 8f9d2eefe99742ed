import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { companyEntity } from '#metadata';
import { dialogs } from '#platform/ui';
import { openAdminScreen, postedBody } from './admin-support';

const acme = {
  Id: 7,
  CompanyName: 'Acme Surfacing',
  UsersNum: 2,
  IsParameterised: false,
  Version: 4,
  Contacts: [{ Id: 11, TypeId: 2, Name: 'Pat Payable', Email: '', Phone: '0113 496 0000' }],
};

function openCompany(id: number) {
  const opened = openAdminScreen(`/admin/companies/${id}`, {
    entity: companyEntity,
    permissions: ['ManageCompanies'],
    handlers: {
      // The company calls have no blank template: id 0 is not found.
      'GET /api/companies/GetCompanyById/7': () => acme,
      'POST /api/companies/SaveCompany': (body) => ({ ...acme, ...(body as object) }),
      'POST /api/check/IsUniqueCompanyName': () => ({ isUnique: true }),
      'GET /odata/CompaniesOData': () => ({ '@odata.count': 0, value: [] }),
    },
  });
  return { ...opened, user: userEvent.setup() };
}

const companyName = () => screen.findByRole('textbox', { name: /^Company name/ });
const contacts = () => screen.getByRole('group', { name: 'Contacts' });
const contact = (index: number) =>
  within(screen.getByRole('group', { name: `Contact ${index + 1}` }));
const save = () => screen.getByRole('button', { name: 'Save' });

afterEach(() => {
  vi.unstubAllGlobals();
  dialogs.closeAll();
});

describe('company contacts', () => {
  it('shows each contact with its type by name', async () => {
    openCompany(7);
    await companyName();
    expect(contact(0).getByRole('combobox', { name: /^Type/ })).toHaveValue('Accounts');
    expect(contact(0).getByRole('textbox', { name: /^Name/ })).toHaveValue('Pat Payable');
    expect(contact(0).getByRole('textbox', { name: 'Phone' })).toHaveValue('0113 496 0000');
    await userEvent.setup().click(contact(0).getByRole('combobox', { name: /^Type/ }));
    expect(
      (await screen.findAllByRole('option', { hidden: true })).map((option) => option.textContent),
    ).toEqual(['Main office', 'Accounts', 'Site', 'Transport']);
  });

  it('adds and edits contacts and posts them with the company', async () => {
    const { api, router, user } = openCompany(7);
    await companyName();
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    expect(contact(1).getByRole('combobox', { name: /^Type/ })).toHaveValue('Main office');
    await user.type(contact(1).getByRole('textbox', { name: /^Name/ }), 'Sam Site');
    await user.type(contact(1).getByRole('textbox', { name: 'E-mail' }), 'sam@acme.test');
    await user.click(contact(1).getByRole('combobox', { name: /^Type/ }));
    await user.click(await contact(1).findByRole('option', { name: 'Site', hidden: true }));
    await user.clear(contact(0).getByRole('textbox', { name: 'Phone' }));
    await user.type(contact(0).getByRole('textbox', { name: 'Phone' }), '0113 496 0999');
    await user.click(save());

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/companies'));
    expect(postedBody(api, '/api/companies/SaveCompany')).toMatchObject({
      Id: 7,
      CompanyName: 'Acme Surfacing',
      Version: 4,
      Contacts: [
        { Id: 11, TypeId: 2, Name: 'Pat Payable', Email: '', Phone: '0113 496 0999' },
        { TypeId: 3, Name: 'Sam Site', Email: 'sam@acme.test' },
      ],
    });
  });

  it('removes a contact', async () => {
    const { api, router, user } = openCompany(7);
    await companyName();
    await user.click(within(contacts()).getByRole('button', { name: 'Remove contact 1' }));
    await user.click(save());

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/companies'));
    expect(postedBody(api, '/api/companies/SaveCompany').Contacts).toEqual([]);
  });

  it('checks a new contact as the server would before posting it', async () => {
    const { api, user } = openCompany(7);
    await companyName();
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    await user.type(contact(1).getByRole('textbox', { name: 'E-mail' }), 'not an address');
    await user.type(contact(1).getByRole('textbox', { name: 'Phone' }), 'call me');
    await user.click(save());

    const errors = await screen.findByRole('alert', { name: 'Please correct these errors:' });
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Contact 2: Enter the name.',
      'Contact 2: Enter the e-mail as an address like name@example.com.',
      'Contact 2: Use only digits, spaces and + ( ) . - in the phone number.',
    ]);
    expect(api.to('/api/companies/SaveCompany')).toHaveLength(0);
  });

  it('creates a company with its contacts', async () => {
    const { api, router, user } = openCompany(0);
    await user.type(await companyName(), 'Bridge Works');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    await user.type(contact(0).getByRole('textbox', { name: /^Name/ }), 'Morgan Main');
    await user.click(save());

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/companies'));
    expect(postedBody(api, '/api/companies/SaveCompany')).toMatchObject({
      Id: 0,
      CompanyName: 'Bridge Works',
      Contacts: [{ TypeId: 1, Name: 'Morgan Main' }],
    });
  });
});
