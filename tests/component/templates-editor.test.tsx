import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { templateEntity } from '#metadata';
import { dialogs } from '#platform/ui';
import { openAdminScreen, postedBody } from './admin-support';

afterEach(() => {
  vi.unstubAllGlobals();
  dialogs.closeAll();
});

const passwordReset = {
  Id: 2,
  Code: 'PasswordReset',
  Title: 'Password reset',
  Language: 'en-gb',
  IsSystem: true,
  Subject: '{{AppName}}: reset',
  Body: '<p>Hello {{UserName}}</p>',
  Parameters: [
    { Title: 'UserName', Notes: "The recipient's name" },
    { Title: 'Link', Notes: 'The address' },
  ],
  Version: 3,
};

const preview = {
  Subject: 'Scheduler: reset',
  Html: '<p>Hello Alex Example</p>',
  Text: 'Hello Alex Example',
};

type Answers = Record<string, (body: unknown, path: string, url: URL) => unknown>;

function openTemplate(extra: Answers = {}) {
  const opened = openAdminScreen('/admin/templates/2', {
    entity: templateEntity,
    permissions: ['ManageTemplates'],
    handlers: {
      'GET /api/EmailTemplate/GetTemplateById/2': (_body, _path, url) =>
        url.searchParams.get('language') === 'de-de'
          ? { ...passwordReset, Id: 0, Version: 0, Language: 'de-de' }
          : passwordReset,
      'GET /api/Language/GetLanguages': () => [
        { Id: 'en-gb', Name: 'English (UK)' },
        { Id: 'de-de', Name: 'Deutsch' },
      ],
      'POST /api/EmailTemplate/PreviewTemplate': () => preview,
      ...extra,
    },
  });
  return { ...opened, user: userEvent.setup() };
}

describe('the e-mail template editor', () => {
  it('lists the parameters beside the editor and inserts one at the subject’s caret', async () => {
    const { user } = openTemplate();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'E-mail template: Password reset' }),
    ).toBeVisible();
    const subject = screen.getByRole('textbox', { name: 'Subject' });
    expect(screen.getByText("The recipient's name")).toBeVisible();
    // A system template's code is fixed; its parameters are the list beside, not a form.
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Add parameter' })).toBeNull();

    await user.click(subject);
    (subject as HTMLInputElement).setSelectionRange(0, 0);
    await user.click(screen.getByRole('button', { name: '{{UserName}}' }));
    await waitFor(() => expect(subject).toHaveValue('{{UserName}}{{AppName}}: reset'));
  });

  it('shows the server’s preview in a sandboxed frame, with its plain text', async () => {
    const { user } = openTemplate();
    const frame = await screen.findByTitle('Formatted mail');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('<p>Hello Alex Example</p>');
    expect(screen.getByText('Scheduler: reset')).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Plain text' }));
    expect(await screen.findByText('Hello Alex Example', { selector: 'pre' })).toBeVisible();
  });

  it('sends a test mail of the template as edited and warns with the server’s reason', async () => {
    const { user, api } = openTemplate({
      'POST /api/EmailTemplate/SendTestMail': () => ({
        ErrorMessage: 'No mail server is configured: the test mail waits in the outbox.',
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Send test mail' }));
    const warning = await screen.findByRole('dialog', { name: 'The test mail was not sent' });
    expect(
      within(warning).getByText('No mail server is configured: the test mail waits in the outbox.'),
    ).toBeVisible();
    expect(postedBody(api, '/api/EmailTemplate/SendTestMail')).toMatchObject({
      Id: 2,
      Subject: '{{AppName}}: reset',
      Body: '<p>Hello {{UserName}}</p>',
    });
  });

  it('shows a refused save in an error dialog and keeps the form', async () => {
    const { user, api } = openTemplate({
      'POST /api/EmailTemplate/SaveTemplate': () =>
        Response.json(
          {
            Message: "Code: 'PasswordReset' is a system template: its code cannot be changed.",
            Errors: [{ Field: 'Subject', Message: 'is too long' }],
          },
          { status: 400 },
        ),
    });
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Reset');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const error = await screen.findByRole('dialog', { name: 'The e-mail template was not saved' });
    expect(within(error).getByText(/its code cannot be changed/)).toBeVisible();
    expect(postedBody(api, '/api/EmailTemplate/SaveTemplate')).toMatchObject({
      Id: 2,
      Title: 'Reset',
      Version: 3,
    });
  });

  it('opens another language as a new translation to save', async () => {
    const { user, api } = openTemplate();
    const language = await screen.findByRole('combobox', { name: 'Show in language' });
    await user.click(language);
    const list = await screen.findByRole('listbox', {
      hidden: true,
      name: 'Show in language',
    });
    await user.click(within(list).getByRole('option', { name: 'Deutsch', hidden: true }));
    expect(await screen.findByText('Not translated yet')).toBeVisible();
    expect(
      api.requests.some((r) => r.path.endsWith('/GetTemplateById/2') && r.method === 'GET'),
    ).toBe(true);
  });
});

describe('the e-mail template list', () => {
  it('warns with the server’s reason when a system template is to be deleted', async () => {
    const { api } = openAdminScreen('/admin/templates', {
      entity: templateEntity,
      permissions: ['ManageTemplates'],
      handlers: {
        'GET /odata/TemplatesOData': () => ({ '@odata.count': 1, value: [passwordReset] }),
        'GET /api/EmailTemplate/DeleteTemplate/2': () =>
          Response.json(
            { Message: "'PasswordReset' is a system template and cannot be deleted." },
            { status: 409 },
          ),
      },
    });
    const user = userEvent.setup();
    const row = (await screen.findByRole('cell', { name: 'PasswordReset' })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Please confirm' });
    await user.click(within(confirm).getByRole('button', { name: 'OK' }));
    const warning = await screen.findByRole('dialog', { name: 'Warning' });
    expect(warning).toHaveTextContent(
      "'PasswordReset' is a system template and cannot be deleted.",
    );
    expect(api.to('/api/EmailTemplate/DeleteTemplate/2').map((r) => r.method)).toEqual(['GET']);
  });
});
