import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ControlNode, UserTableSchema } from '#metadata';
import { defaultControls } from '#platform/core';
import { SchemaForm, type ServerFieldError } from '../../platform/ui/schema-form';
import { renderWithProviders } from '../support/render';

interface Photo {
  Caption?: string;
  Url?: string;
}

interface Row {
  Name?: string;
  Notes?: string;
  Born?: string;
  Active?: boolean;
  Size?: string;
  Secret?: string;
  Photos?: Photo[];
}

const schema = {
  type: 'object',
  required: ['Name'],
  properties: {
    Name: { type: 'string', title: 'Name' },
    Notes: { type: 'string', title: 'Notes' },
    Born: { type: 'string', format: 'date', title: 'Born' },
    Active: { type: 'boolean', title: 'Active' },
    Size: { type: 'string', title: 'Size', enum: ['Small', 'Large'] },
    Secret: { type: 'string', title: 'Secret' },
    Photos: {
      type: 'array',
      title: 'Photos',
      items: {
        type: 'object',
        properties: {
          Caption: { type: 'string', title: 'Caption' },
          Url: { type: 'string', title: 'Url' },
        },
      },
    },
  },
} satisfies UserTableSchema;

const field = (Key: string, more: Partial<Extract<ControlNode, { Type: 'field' }>> = {}) =>
  ({ Id: `field-${Key}`, Type: 'field', Key, ...more }) as const;

const photos = [
  { Caption: 'Front', Url: 'https://example.com/front.jpg' },
  { Caption: 'Back', Url: 'https://example.com/back.jpg' },
];

function renderForm(
  controls: ControlNode[],
  formData: Row = {},
  serverErrors: ServerFieldError[] | null = null,
) {
  const onSubmit = vi.fn<(row: Row) => void>();
  renderWithProviders(
    <SchemaForm<Row>
      schema={schema}
      uiSchema={{ 'ui:controls': controls }}
      formData={formData}
      mode="edit"
      onSubmit={onSubmit}
      serverErrors={serverErrors}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

const save = () => screen.getByRole('button', { name: 'Save' });
const nameField = (hidden = false) => screen.getByRole('textbox', { name: /^Name/, hidden });

describe('containers', () => {
  const layout: ControlNode[] = [
    {
      Id: 'basics',
      Type: 'section',
      Title: 'Basics',
      Children: [
        field('Name'),
        field('Notes', { Title: 'Remarks', Widget: 'textarea' }),
        { Id: 'inner', Type: 'section', Title: 'Inner', Children: [] },
      ],
    },
    { Id: 'dates', Type: 'fieldset', Title: 'Dates', Children: [field('Born')] },
    { Id: 'options', Type: 'tab', Title: 'Options', Children: [field('Active')] },
    { Id: 'sizes', Type: 'tab', Children: [field('Size', { Widget: 'radio' })] },
  ];

  it('draws a section under its heading, with the title and widget its controls ask for', () => {
    renderForm(layout);
    const basics = screen.getByRole('region', { name: 'Basics' });
    expect(screen.getByRole('heading', { name: 'Basics' })).toHaveProperty('tagName', 'H2');
    expect(within(basics).getByRole('heading', { name: 'Inner' })).toHaveProperty('tagName', 'H3');

    const name = within(basics).getByRole('textbox', { name: /^Name/ });
    expect(name).toBeRequired();
    expect(document.querySelector(`label[for="${name.id}"]`)).toHaveTextContent(/^Name\s*\*$/);
    const remarks = within(basics).getByRole('textbox', { name: 'Remarks' });
    expect(remarks.tagName).toBe('TEXTAREA');
    expect(screen.queryByRole('textbox', { name: 'Notes' })).not.toBeInTheDocument();
  });

  it('draws a fieldset with its title as legend', () => {
    renderForm(layout);
    const dates = screen.getByRole('group', { name: 'Dates' });
    expect(dates.tagName).toBe('FIELDSET');
    expect(within(dates).getByRole('textbox', { name: 'Born' })).toBeVisible();
  });

  it('draws consecutive tabs as one tab group, switched by click and by the arrow keys', async () => {
    const { user } = renderForm(layout);
    expect(screen.getAllByRole('tablist')).toHaveLength(1);
    const options = screen.getByRole('tab', { name: 'Options' });
    const second = screen.getByRole('tab', { name: 'Tab 2' });
    expect(options).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('checkbox', { name: 'Active' })).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Small', hidden: true })).not.toBeVisible();

    await user.click(second);
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('radio', { name: 'Small' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Active', hidden: true })).not.toBeVisible();

    await user.keyboard('{ArrowLeft}');
    expect(options).toHaveFocus();
    expect(options).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('checkbox', { name: 'Active' })).toBeVisible();
    await user.keyboard('{ArrowRight}');
    expect(second).toHaveAttribute('aria-selected', 'true');
  });

  it('does not draw the fields no control places', () => {
    renderForm(layout, { Secret: 'hidden value', Photos: photos });
    expect(screen.queryByRole('textbox', { name: 'Secret' })).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue('hidden value')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /Photos/ })).not.toBeInTheDocument();
  });

  it('lays out the fields of an actions control in one row', () => {
    renderForm([{ Id: 'row', Type: 'actions', Children: [field('Name'), field('Notes')] }]);
    const row = nameField().closest('.mantine-Group-root');
    expect(row).not.toBeNull();
    expect(row).toContainElement(screen.getByRole('textbox', { name: 'Notes' }));
  });
});

describe('array controls', () => {
  it('shows the items with only the item fields the array control places', () => {
    renderForm(
      [
        field('Name'),
        { Id: 'photos', Type: 'array', Key: 'Photos', Children: [field('Photos.Caption')] },
      ],
      { Photos: photos },
    );
    const list = screen.getByRole('group', { name: 'Photos' });
    expect(
      within(list)
        .getAllByRole('textbox', { name: 'Caption' })
        .map((box) => box.getAttribute('value')),
    ).toEqual(['Front', 'Back']);
    expect(within(list).queryByRole('textbox', { name: 'Url' })).not.toBeInTheDocument();
  });

  it('shows the items of a tabarray as tabs titled by position, the added one forward', async () => {
    const { user } = renderForm(
      [
        {
          Id: 'photos',
          Type: 'tabarray',
          Key: 'Photos',
          Title: 'Pictures',
          Children: [field('Photos.Caption'), field('Photos.Url', { Title: 'Address' })],
        },
      ],
      { Photos: photos },
    );
    const list = screen.getByRole('group', { name: 'Pictures' });
    const tablist = within(list).getByRole('tablist', { name: 'Pictures' });
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['1', '2']);
    expect(within(list).getByRole('textbox', { name: 'Caption' })).toHaveValue('Front');
    expect(within(list).getByRole('textbox', { name: 'Address' })).toHaveValue(
      'https://example.com/front.jpg',
    );

    await user.click(within(tablist).getByRole('tab', { name: '2' }));
    expect(within(list).getByRole('textbox', { name: 'Caption' })).toHaveValue('Back');

    await user.click(within(list).getByRole('button', { name: 'Add to pictures' }));
    const third = within(tablist).getByRole('tab', { name: '3' });
    expect(third).toHaveAttribute('aria-selected', 'true');
    expect(within(list).getByRole('textbox', { name: 'Caption' })).toHaveValue('');
  });
});

describe('data and errors', () => {
  it('submits the values of the fields no control places as they were', async () => {
    const { user, onSubmit } = renderForm(
      [
        field('Name'),
        { Id: 'photos', Type: 'array', Key: 'Photos', Children: [field('Photos.Caption')] },
      ],
      { Name: 'Ann', Secret: 's3cret', Photos: [photos[0]!] },
    );
    await user.type(nameField(), 'e');
    await user.click(save());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      Name: 'Anne',
      Secret: 's3cret',
      Photos: [{ Caption: 'Front', Url: 'https://example.com/front.jpg' }],
    });
  });

  const tabbed: ControlNode[] = [
    { Id: 'main', Type: 'tab', Title: 'Main', Children: [field('Notes')] },
    { Id: 'more', Type: 'tab', Title: 'More', Children: [field('Name')] },
  ];

  it('reports a required field in a tab not chosen, marks its tab and brings it forward', async () => {
    const { user, onSubmit } = renderForm(tabbed);
    expect(screen.getByRole('tab', { name: 'Main' })).toHaveAttribute('aria-selected', 'true');
    await user.click(save());

    const area = screen.getByRole('alert', { name: 'Please correct these errors:' });
    expect(area).toHaveTextContent('Enter the name.');
    const more = screen.getByRole('tab', { name: 'More (has errors)' });
    await waitFor(() => expect(nameField()).toHaveFocus());
    expect(more).toHaveAttribute('aria-selected', 'true');
    expect(nameField()).toBeVisible();
    expect(nameField()).toHaveAccessibleDescription('Enter the name.');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(screen.getByRole('tab', { name: 'Main' }));
    expect(nameField(true)).not.toBeVisible();
    await user.click(within(area).getByRole('link', { name: 'Enter the name.' }));
    expect(more).toHaveAttribute('aria-selected', 'true');
    expect(nameField()).toHaveFocus();
  });

  it('marks the tab of a field the server refused', () => {
    renderForm(tabbed, { Name: 'Ann' }, [{ Field: 'Name', Message: 'is taken' }]);
    expect(screen.getByRole('tab', { name: 'More (has errors)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Main' })).toBeInTheDocument();
    expect(nameField(true)).not.toBeVisible();
    expect(nameField(true)).toHaveAccessibleDescription('is taken');
  });
});

describe('default controls', () => {
  it('draw every field of the schema, and every field of the array items', () => {
    renderForm(defaultControls(schema), { Photos: [photos[0]!] });
    for (const name of [/^Name/, 'Notes', 'Born', 'Secret', 'Caption', 'Url']) {
      expect(screen.getByRole('textbox', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('checkbox', { name: 'Active' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Size' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Photos' })).toBeInTheDocument();
  });
});
