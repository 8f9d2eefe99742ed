import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FormDefinition, JsonSchema } from '#metadata';
import {
  type CheckboxListItem,
  SchemaForm,
  type SchemaFormContext,
} from '../../platform/ui/schema-form';
import { renderWithProviders } from '../support/render';

type Row = Record<string, unknown>;

function renderField(
  property: JsonSchema,
  ui: FormDefinition = {},
  formData: Row = {},
  formContext?: SchemaFormContext,
) {
  const onSubmit = vi.fn<(data: Row) => void>();
  renderWithProviders(
    <SchemaForm<Row>
      schema={{ type: 'object', properties: { Field: { title: 'Field', ...property } } }}
      uiSchema={{ Field: ui }}
      formData={formData}
      mode="edit"
      onSubmit={onSubmit}
      formContext={formContext}
    />,
  );
  const user = userEvent.setup();
  const submitted = async () => {
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    return onSubmit.mock.lastCall?.[0]?.Field;
  };
  return { user, submitted };
}

const field = () => screen.getByRole('textbox', { name: 'Field' });

describe('text filters', () => {
  it('upperCode upper-cases and keeps only 0-9, A-Z, space and ?', async () => {
    const { user, submitted } = renderField({ type: 'string' }, { 'ui:widget': 'upperCode' });
    await user.type(field(), 'ab-12?x é');
    expect(field()).toHaveValue('AB12?X ');
    expect(await submitted()).toBe('AB12?X ');
  });

  it('digitsSpacesQuestion keeps only digits, spaces and ?', async () => {
    const { user, submitted } = renderField(
      { type: 'string' },
      { 'ui:widget': 'digitsSpacesQuestion' },
    );
    await user.type(field(), '+44 (0)20 7?x-1');
    expect(field()).toHaveValue('44 020 7?1');
    expect(await submitted()).toBe('44 020 7?1');
  });
});

describe('numbers', () => {
  it('accepts any step, such as 0.001', async () => {
    const { user, submitted } = renderField({ type: 'number', minimum: 0 });
    await user.type(field(), '0.001');
    expect(field()).toHaveValue('0.001');
    expect(await submitted()).toBe(0.001);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps integers whole', async () => {
    const { user, submitted } = renderField({ type: 'integer' });
    await user.type(field(), '12.5');
    expect(await submitted()).toBe(125);
  });
});

describe('dates', () => {
  it('shows a stored date as DD/MM/YYYY and stores a typed one as YYYY-MM-DD', async () => {
    const { user, submitted } = renderField(
      { type: 'string', format: 'date' },
      {},
      { Field: '2024-03-05' },
    );
    expect(field()).toHaveValue('05/03/2024');
    await user.clear(field());
    await user.click(field());
    await user.paste('25/12/2024');
    await user.tab();
    expect(field()).toHaveValue('25/12/2024');
    expect(await submitted()).toBe('2024-12-25');
  });

  it('shows a date-time in local time and stores a picked one as an ISO date-time', async () => {
    const { user, submitted } = renderField(
      { type: 'string', format: 'date-time' },
      {},
      { Field: '2025-03-01T07:30:00' },
    );
    const picker = screen.getByRole('button', { name: 'Field' });
    expect(picker).toHaveTextContent('01/03/2025 07:30');
    await user.click(picker);
    await user.click(await screen.findByRole('button', { name: '15 March 2025', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Apply date and time', hidden: true }));
    expect(await submitted()).toBe(new Date(2025, 2, 15, 7, 30).toISOString());
  });
});

describe('checkboxList', () => {
  const roles: CheckboxListItem[] = [
    { Id: 1, Name: 'Administrator', IsChecked: false, IsAdmin: true },
    { Id: 2, Name: 'Dispatcher', IsChecked: true, IsAdmin: false },
    { Id: 3, Name: 'Everyone', IsChecked: true, IsQueryGroup: true },
  ];
  const itemSchema = {
    type: 'array',
    items: { type: 'object', properties: { Id: { type: 'integer' } } },
  } as const;

  it('toggles IsChecked and keeps disabled items as they are', async () => {
    const { user, submitted } = renderField(
      itemSchema,
      {
        'ui:widget': 'checkboxList',
        'ui:options': { disabledWhen: 'IsQueryGroup', disabledReason: 'Set by its query' },
      },
      { Field: roles },
      {
        itemDisabled: (name, item) =>
          name === 'Field' && item.IsAdmin === true
            ? 'You cannot change your own admin role.'
            : false,
      },
    );
    const group = screen.getByRole('group', { name: 'Field' });
    const admin = within(group).getByRole('checkbox', { name: 'Administrator' });
    const dispatcher = within(group).getByRole('checkbox', { name: 'Dispatcher' });
    const everyone = within(group).getByRole('checkbox', { name: 'Everyone' });
    expect(admin).toBeDisabled();
    expect(admin).toHaveAccessibleDescription('You cannot change your own admin role.');
    expect(everyone).toBeDisabled();
    expect(within(group).getByText('Set by its query')).toBeVisible();
    expect(dispatcher).toBeChecked();

    await user.click(dispatcher);
    await user.click(everyone);
    expect(dispatcher).not.toBeChecked();
    expect(everyone).toBeChecked();
    expect(await submitted()).toEqual([roles[0], { ...roles[1], IsChecked: false }, roles[2]]);
  });
});

describe('autocomplete', () => {
  it('asks for options only after two characters, with the typed text', async () => {
    const loadOptions = vi.fn((_field: string, text: string) =>
      Promise.resolve(
        ['Acme Asphalt', 'Mac Roads'].filter((name) => name.toLowerCase().includes(text)),
      ),
    );
    const { user, submitted } = renderField(
      { type: 'string' },
      { 'ui:widget': 'autocomplete', 'ui:options': { source: 'Customer' } },
      {},
      { loadOptions },
    );
    const input = screen.getByRole('combobox', { name: 'Field' });
    await user.type(input, 'a');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(loadOptions).not.toHaveBeenCalled();

    await user.type(input, 'c');
    await waitFor(() => expect(loadOptions).toHaveBeenCalledWith('Customer', 'ac'));
    expect(loadOptions).toHaveBeenCalledTimes(1);
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual(['Acme Asphalt', 'Mac Roads']);

    await user.click(screen.getByRole('option', { name: 'Mac Roads', hidden: true }));
    expect(input).toHaveValue('Mac Roads');
    expect(await submitted()).toBe('Mac Roads');
  });
});

describe('booleans and enums', () => {
  it('renders a checkbox, a switch and a select', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <SchemaForm
        schema={{
          type: 'object',
          properties: {
            Active: { type: 'boolean', title: 'Active' },
            Evotherm: { type: 'boolean', title: 'Can add Evotherm' },
            Kind: { type: 'string', title: 'Kind', enum: ['Hot', 'Warm'] },
          },
        }}
        uiSchema={{ Evotherm: { 'ui:widget': 'switch' } }}
        formData={{ Active: false, Evotherm: false }}
        mode="edit"
        onSubmit={onSubmit}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Active' }));
    await user.click(screen.getByRole('switch', { name: 'Can add Evotherm' }));
    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Warm', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ Active: true, Evotherm: true, Kind: 'Warm' }),
    );
  });
});

describe('remoteSelect', () => {
  it('offers the rows a server call lists, and shows a stored value by its label', async () => {
    const fetch = vi.fn(async (url: string) => {
      expect(url).toBe('/api/Language/GetLanguages');
      const languages = [
        { Id: 'en-gb', Name: 'English (UK)' },
        { Id: 'de', Name: 'Deutsch' },
      ];
      return new Response(JSON.stringify(languages), {
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetch);
    try {
      const { user, submitted } = renderField(
        { type: ['string', 'null'] },
        { 'ui:widget': 'remoteSelect', 'ui:options': { source: '/api/Language/GetLanguages' } },
        { Field: 'en-gb' },
      );
      const select = screen.getAllByLabelText('Field').find((el) => el.tagName === 'INPUT')!;
      await waitFor(() => expect(select).toHaveValue('English (UK)'));
      await user.click(select);
      await user.click(await screen.findByRole('option', { name: 'Deutsch', hidden: true }));
      expect(await submitted()).toBe('de');
      expect(fetch).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
