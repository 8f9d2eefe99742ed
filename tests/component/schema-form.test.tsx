import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defaultTexts } from '#metadata';
import {
  SaveFailure,
  SchemaForm,
  type SchemaFormProps,
  type ServerFieldError,
} from '../../platform/ui/schema-form';
import { createTestI18n, renderWithProviders } from '../support/render';

interface Material {
  Id: number;
  Code?: string;
  Name?: string;
  Email?: string;
  Contacts?: { Email?: string }[];
}

const schema = {
  type: 'object',
  required: ['Code', 'Name'],
  properties: {
    Id: { type: 'integer', title: 'Id', readOnly: true },
    Code: { type: 'string', title: 'TEST.CODE', maxLength: 10, pattern: '^[A-Z0-9 ?]*$' },
    Name: { type: 'string', title: 'Name', maxLength: 5, 'x-note': 'unknown keywords are ignored' },
    Email: { type: 'string', title: 'E-mail', format: 'email' },
    Contacts: {
      type: 'array',
      title: 'Contacts',
      items: { type: 'object', properties: { Email: { type: 'string', title: 'E-mail' } } },
    },
  },
} as const;

const uiSchema = {
  Code: {
    'ui:widget': 'upperCode',
    'ui:options': { unique: true, patternMessage: 'TEST.CODE_PATTERN' },
  },
};

const texts = {
  ...defaultTexts,
  'TEST.CODE': 'Material code',
  'TEST.CODE_PATTERN': 'Use only capitals, digits, spaces and ? in the {{fieldLower}}.',
  'TEST.CODE_TAKEN': 'You cannot add this code.',
};

const existing: Material = { Id: 7, Code: 'A1', Name: 'Sand', Contacts: [{ Email: '' }] };

function renderForm(overrides: Partial<SchemaFormProps<Material>> = {}) {
  const onSubmit = vi.fn<(data: Material) => Promise<void> | void>();
  const props: SchemaFormProps<Material> = {
    schema,
    uiSchema,
    formData: existing,
    mode: 'edit',
    onSubmit,
    ...overrides,
  };
  const view = renderWithProviders(<SchemaForm {...props} />, { i18n: createTestI18n(texts) });
  return { ...view, onSubmit: props.onSubmit as typeof onSubmit, user: userEvent.setup() };
}

const code = () => screen.getByRole('textbox', { name: /^Material code/ });
const name = () => screen.getByRole('textbox', { name: /^Name/ });
const save = () => screen.getByRole('button', { name: 'Save' });
const errorArea = () => screen.getByRole('alert', { name: 'Please correct these errors:' });

describe('labels', () => {
  it('translates titles and marks required fields with an asterisk', () => {
    renderForm();
    expect(code()).toBeRequired();
    expect(screen.getByText('Material code').closest('label')).toHaveTextContent(
      /^Material code\s*\*$/,
    );
    const [email] = screen.getAllByRole('textbox', { name: 'E-mail' });
    expect(email).not.toBeRequired();
    expect(document.querySelector(`label[for="${email?.id}"]`)).toHaveTextContent(/^E-mail$/);
  });

  it('shows schema readOnly properties as read-only', () => {
    renderForm();
    expect(screen.getByRole('textbox', { name: 'Id' })).toHaveAttribute('readonly');
    expect(code()).not.toHaveAttribute('readonly');
  });
});

describe('client validation', () => {
  it('blocks the submit, shows readable errors on the fields and in the error area, and focuses the first', async () => {
    const { user, onSubmit } = renderForm({ formData: { Id: 0 } });
    await user.type(name(), 'Gravel');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'not-an-address');
    await user.click(save());

    const area = errorArea();
    expect(
      within(area)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Enter the material code.',
      'Use at most 5 characters in the name.',
      'Enter the e-mail as an address like name@example.com.',
    ]);
    expect(code()).toHaveAccessibleDescription('Enter the material code.');
    expect(name()).toHaveAccessibleDescription('Use at most 5 characters in the name.');
    await waitFor(() => expect(code()).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();
    // The error area sits between the fields and the buttons.
    expect(area.compareDocumentPosition(save()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(name().compareDocumentPosition(area) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('uses the field patternMessage for a pattern error', async () => {
    const { user } = renderForm({
      uiSchema: { Code: { 'ui:options': uiSchema.Code['ui:options'] } },
    });
    await user.clear(code());
    await user.type(code(), 'ab');
    await user.click(save());
    expect(code()).toHaveAccessibleDescription(
      'Use only capitals, digits, spaces and ? in the material code.',
    );
    expect(errorArea()).toHaveTextContent(
      'Use only capitals, digits, spaces and ? in the material code.',
    );
  });

  it('submits valid data with the fields the form does not edit', async () => {
    const { user, onSubmit } = renderForm();
    await user.clear(name());
    await user.type(name(), 'Tar');
    await user.click(save());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ Id: 7, Code: 'A1', Name: 'Tar' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('data from the app', () => {
  it('keeps the edits when the app re-renders with equal data and replaces them with a new row', async () => {
    const onSubmit = vi.fn();
    const props = { schema, uiSchema, mode: 'edit', onSubmit } as const;
    const { rerender } = renderWithProviders(<SchemaForm {...props} formData={existing} />, {
      i18n: createTestI18n(texts),
    });
    const user = userEvent.setup();
    await user.type(name(), 'y');
    rerender(<SchemaForm {...props} formData={{ ...existing }} />);
    expect(name()).toHaveValue('Sandy');
    rerender(<SchemaForm {...props} formData={{ ...existing, Name: 'Tar' }} />);
    expect(name()).toHaveValue('Tar');
  });
});

describe('server errors', () => {
  const serverErrors: ServerFieldError[] = [
    { Field: 'Code', Message: 'TEST.CODE_TAKEN' },
    { Field: 'Contacts/0/Email', Message: 'must match format "email"' },
    { Field: 'Name', Message: 'is not allowed here' },
  ];

  it('shows them on their fields and in the error area, and clears a field’s error when it is edited', async () => {
    const { user } = renderForm({ serverErrors });
    expect(code()).toHaveAccessibleDescription('You cannot add this code.');
    const contactEmail = screen.getAllByRole('textbox', { name: 'E-mail' })[1];
    expect(contactEmail).toHaveAccessibleDescription('must match format "email"');
    expect(errorArea()).toHaveTextContent('You cannot add this code.');
    expect(errorArea()).toHaveTextContent('Contacts 1 › E-mail: must match format "email"');

    await user.type(code(), 'B');
    expect(code()).not.toHaveAccessibleDescription('You cannot add this code.');
    expect(errorArea()).not.toHaveTextContent('You cannot add this code.');
    expect(name()).toHaveAccessibleDescription('is not allowed here');
  });

  it('shows the errors of a SaveFailure thrown by onSubmit', async () => {
    const onSubmit = vi.fn(() => Promise.reject(new SaveFailure(serverErrors.slice(0, 1))));
    const { user } = renderForm({ onSubmit });
    await user.click(save());
    await waitFor(() => expect(code()).toHaveAccessibleDescription('You cannot add this code.'));
    expect(errorArea()).toHaveTextContent('You cannot add this code.');
    await waitFor(() => expect(code()).toHaveFocus());
    expect(save()).toBeEnabled();
  });
});

describe('unique fields', () => {
  it('shows a duplicate on blur and blocks the submit', async () => {
    const checkUnique = vi.fn(() => Promise.resolve(false));
    const { user, onSubmit } = renderForm({ checkUnique });
    await user.type(code(), 'X');
    await user.tab();
    await waitFor(() =>
      expect(code()).toHaveAccessibleDescription(
        'This material code is already in use. Enter another.',
      ),
    );
    expect(checkUnique).toHaveBeenCalledWith('Code', 'A1X');

    await user.click(save());
    await waitFor(() => expect(code()).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(errorArea()).toHaveTextContent('This material code is already in use. Enter another.');
  });

  it('treats a failed check as not unique', async () => {
    const checkUnique = vi.fn(() => Promise.reject(new Error('offline')));
    const { user, onSubmit } = renderForm({ checkUnique });
    await user.type(code(), 'Z');
    await user.click(save());
    await waitFor(() =>
      expect(code()).toHaveAccessibleDescription(
        'This material code is already in use. Enter another.',
      ),
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks after a pause in typing, and lets a unique value through', async () => {
    const checkUnique = vi.fn(() => Promise.resolve(true));
    const { user, onSubmit } = renderForm({ checkUnique });
    await user.type(code(), 'bc');
    await waitFor(() => expect(checkUnique).toHaveBeenCalledWith('Code', 'A1BC'));
    expect(checkUnique).toHaveBeenCalledTimes(1);

    await user.click(save());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(checkUnique).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/is already in use/)).not.toBeInTheDocument();
  });

  it('does not ask about the value the row already has', async () => {
    const checkUnique = vi.fn(() => Promise.resolve(false));
    const { user, onSubmit } = renderForm({ checkUnique });
    await user.click(save());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(checkUnique).not.toHaveBeenCalled();
  });
});

describe('buttons and modes', () => {
  it('has no Save in view mode, and every field is read-only', () => {
    const onCancel = vi.fn();
    renderForm({ mode: 'view', onCancel });
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
    for (const field of screen.getAllByRole('textbox')) expect(field).toHaveAttribute('readonly');
  });

  it('disables Save while busy and calls onCancel', async () => {
    const onCancel = vi.fn();
    const { user } = renderForm({ busy: true, onCancel, submitLabel: 'Save material' });
    expect(screen.getByRole('button', { name: 'Save material' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

describe('unsaved changes', () => {
  it('says when the data differs from what was loaded, and when it is back', async () => {
    const onDirtyChange = vi.fn<(dirty: boolean) => void>();
    const { user } = renderForm({ onDirtyChange, checkUnique: async () => true });
    await waitFor(() => expect(onDirtyChange).toHaveBeenLastCalledWith(false));
    await user.type(name(), 'y');
    await waitFor(() => expect(onDirtyChange).toHaveBeenLastCalledWith(true));
    await user.type(name(), '{Backspace}');
    await waitFor(() => expect(onDirtyChange).toHaveBeenLastCalledWith(false));
  });
});
