import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dialogs, useSession } from '#platform/ui';
import { FakeSwitches } from '../../app/modules/languages/fake-switches';
import { fakeApi } from '../support/fake-api';
import { aSignedInUser } from '../support/fixtures';
import { renderWithProviders } from '../support/render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  dialogs.closeAll();
});

function openSwitches(permissions: string[]) {
  const api = fakeApi({
    'GET /api/Language/GetFakeLocalization': () => ({
      GenerateLongerFakes: false,
      GenerateCompoundFakes: true,
      LastUpdated: 1,
    }),
    'POST /api/Language/UpdateFakeLocalization': (body) => ({
      ...(body as object),
      LastUpdated: 2,
    }),
  });
  vi.stubGlobal('fetch', api.fetch);
  useSession.setState({ user: aSignedInUser(), permissions, authenticated: true, loaded: true });
  renderWithProviders(<FakeSwitches />);
  return { api, user: userEvent.setup() };
}

describe('the fake language switches above the languages grid', () => {
  it('shows the stored options and saves a change at once', async () => {
    const { api, user } = openSwitches(['ManageLanguages']);
    const longer = await screen.findByRole('switch', { name: 'Generate longer fakes' });
    expect(longer).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Generate compound fakes' })).toBeChecked();
    await user.click(longer);
    await waitFor(() => expect(api.to('/api/Language/UpdateFakeLocalization')).toHaveLength(1));
    expect(api.to('/api/Language/UpdateFakeLocalization')[0]?.body).toEqual({
      GenerateLongerFakes: true,
      GenerateCompoundFakes: true,
    });
    await waitFor(() => expect(longer).toBeChecked());
  });

  it('is not shown, nor asked for, without ManageLanguages', () => {
    const { api } = openSwitches(['ManageSettings']);
    expect(screen.queryByRole('switch')).toBeNull();
    expect(api.requests).toHaveLength(0);
  });
});
