import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SettingsLoadResult } from '#metadata';
import {
  dialogs,
  registerModules,
  ScreenRegistry,
  settingsSectionRegistry,
  useSession,
} from '#platform/ui';
import { appModules } from '../../app/modules';
import { fakeApi } from '../support/fake-api';
import { aSignedInUser } from '../support/fixtures';
import { openAppAt } from '../support/open-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  dialogs.closeAll();
});

registerModules(appModules, new ScreenRegistry());

type Handlers = Parameters<typeof fakeApi>[0];
type SaveBody = { Values: Record<string, unknown>; Versions: Record<string, string | null> };

/** Every setting at its default, version `v1`; the SMTP password is set, the API key is not. */
function storedSettings(changes: Record<string, unknown> = {}): SettingsLoadResult {
  return {
    Sections: settingsSectionRegistry.sections().map((section) => ({
      Id: section.id,
      Settings: section.settings.map((setting) =>
        setting.secret
          ? { Key: setting.key, IsSet: setting.key === 'Email.SmtpPassword', Version: 'v1' }
          : {
              Key: setting.key,
              Value: setting.key in changes ? changes[setting.key] : setting.default,
              Version: 'v1',
            },
      ),
    })),
  };
}

function openSettings(handlers: Handlers = {}) {
  const api = fakeApi({
    'POST /api/settings/load': () => storedSettings(),
    'POST /api/settings/save': (body) => storedSettings((body as SaveBody).Values),
    ...handlers,
  });
  vi.stubGlobal('fetch', api.fetch);
  useSession.setState({
    user: aSignedInUser(),
    permissions: ['ManageSettings'],
    authenticated: true,
    loaded: true,
  });
  openAppAt('/admin/settings');
  return { api, user: userEvent.setup() };
}

const saves = (api: ReturnType<typeof fakeApi>) =>
  api.to('/api/settings/save').map((request) => request.body as SaveBody);

async function openTab(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('tab', { name }));
}

describe('the settings screen', () => {
  it('shows the sections, a number with its unit, and saves only what changed with its version', async () => {
    const { api, user } = openSettings();
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Application',
      'Groups and companies',
      'Localization',
      'E-mail',
      'Password rules',
      'Captcha',
      'Security',
      'Compaction',
      'Weather',
      'Units sync',
      'Scheduled jobs',
      'Feedback',
    ]);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await openTab(user, 'Compaction');
    const stop = screen.getByRole('textbox', { name: 'Stop rolling at' });
    expect(stop).toHaveValue('79.4');
    expect(within(stop.parentElement!).getByText('°C')).toBeVisible();
    await user.clear(stop);
    await user.type(stop, '85');
    expect(screen.getByText('Unsaved changes: 1')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The settings were saved.')).toBeVisible();
    expect(saves(api)).toEqual([
      {
        Values: { 'Compaction.StopTemperature': 85 },
        Versions: { 'Compaction.StopTemperature': 'v1' },
      },
    ]);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('resets a compaction setting and a whole section to the defaults', async () => {
    const { user } = openSettings({
      'POST /api/settings/load': () => storedSettings({ 'Compaction.WarmMixAllowance': 20 }),
    });
    await openTab(user, 'Compaction');
    const allowance = screen.getByRole('textbox', { name: 'Warm-mix allowance' });
    expect(allowance).toHaveValue('20');
    await user.click(screen.getByRole('button', { name: 'Reset to default: Warm-mix allowance' }));
    expect(allowance).toHaveValue('15');
    expect(screen.getByText('Unsaved changes: 1')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(allowance).toHaveValue('20');
    await user.click(screen.getByRole('button', { name: 'Reset this section to its defaults' }));
    expect(allowance).toHaveValue('15');
  });

  it('edits the rolling-time table and sends it whole', async () => {
    const { api, user } = openSettings();
    await openTab(user, 'Compaction');
    const table = screen.getByRole('table', { name: 'Rolling time by lift thickness' });
    const minutes = within(table).getByRole('textbox', {
      name: 'Rolling time by lift thickness 2: Minutes',
    });
    await user.clear(minutes);
    await user.type(minutes, '9');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The settings were saved.');
    expect(saves(api)[0]!.Values).toEqual({
      'Compaction.RollingMinutesByThickness': [
        { maxMm: 25, minutes: 6 },
        { maxMm: 40, minutes: 9 },
        { maxMm: 60, minutes: 12 },
        { maxMm: null, minutes: 15 },
      ],
    });
  });

  it("shows the server's refusal on the setting's field, in its section", async () => {
    const { user } = openSettings({
      'POST /api/settings/save': () =>
        Response.json(
          {
            Message: 'The settings were not saved: Security.LockoutMinutes must be 1440 or less.',
            Errors: [{ Field: 'Security.LockoutMinutes', Message: 'must be 1440 or less' }],
          },
          { status: 400 },
        ),
    });
    await openTab(user, 'Security');
    const lockout = screen.getByRole('textbox', { name: 'Lock lasts' });
    await user.clear(lockout);
    await user.type(lockout, '5000');
    await openTab(user, 'Application');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('must be 1440 or less')).toBeVisible();
    expect(screen.getByRole('tab', { name: /Security/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: 'Lock lasts' })).toHaveValue('5000');
  });

  it('offers to reload when someone else saved meanwhile', async () => {
    const { api, user } = openSettings({
      'POST /api/settings/save': () =>
        Response.json(
          {
            Message:
              'The settings were not saved: App.TestMode was changed by someone else since it was loaded.',
            Errors: [{ Field: 'App.TestMode', Message: 'was changed by someone else' }],
          },
          { status: 409 },
        ),
    });
    await user.click(await screen.findByRole('switch', { name: /^Test mode/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const question = await screen.findByRole('dialog', { name: 'Reload' });
    expect(question).toHaveTextContent('Someone else changed these settings');
    await user.click(within(question).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.to('/api/settings/load')).toHaveLength(2));
    expect(await screen.findByRole('switch', { name: /^Test mode/ })).not.toBeChecked();
  });

  it('shows secrets only as set or not, replaces and clears them', async () => {
    const { api, user } = openSettings();
    await openTab(user, 'E-mail');
    expect(screen.getByTestId('secret-status-Email.SmtpPassword')).toHaveTextContent('Set');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByTestId('secret-status-Email.SmtpPassword')).toHaveTextContent(
      'Will be cleared on save',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The settings were saved.');
    expect(saves(api)[0]!.Values).toEqual({ 'Email.SmtpPassword': null });

    await openTab(user, 'Weather');
    expect(screen.getByTestId('secret-status-Weather.ApiKey')).toHaveTextContent('Not set');
    await user.type(screen.getByLabelText('API key: New value'), 'k-123');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(api)).toHaveLength(2));
    expect(saves(api)[1]!.Values).toEqual({ 'Weather.ApiKey': 'k-123' });
  });

  it('sends a test mail with the unsaved values and warns with the server error', async () => {
    let answer: unknown = { ErrorMessage: 'connect ECONNREFUSED 127.0.0.1:2599', SentTo: 'a@b.c' };
    const { api, user } = openSettings({
      'POST /api/settings/TestEmailSettings': () => answer,
    });
    await openTab(user, 'E-mail');
    await user.type(screen.getByRole('textbox', { name: 'SMTP host' }), 'mail.example.com');
    await user.click(screen.getByRole('button', { name: 'Send test mail' }));
    const warning = await screen.findByRole('dialog');
    expect(warning).toHaveTextContent('The test mail could not be sent: connect ECONNREFUSED');
    const [sent] = api.to('/api/settings/TestEmailSettings');
    expect((sent!.body as { Values: Record<string, unknown> }).Values).toMatchObject({
      'Email.SmtpHost': 'mail.example.com',
      'Email.SmtpPassword': '',
    });
    expect(sent!.body).not.toHaveProperty(['Values', 'Email.ProblemReportsTo']);
    await user.click(within(warning).getByRole('button', { name: 'OK' }));
    answer = { ErrorMessage: null, SentTo: 'admin@example.com' };
    await user.click(screen.getByRole('button', { name: 'Send test mail' }));
    expect(await screen.findByText('A test mail was sent to admin@example.com.')).toBeVisible();
  });
});
