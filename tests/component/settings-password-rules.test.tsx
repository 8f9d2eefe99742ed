import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewPasswordFields } from '../../app/modules/account/new-password-fields';
import { fakeApi } from '../support/fake-api';
import { renderWithProviders } from '../support/render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the password meter follows the password settings', () => {
  it('asks GetPasswordSettings and applies its shortest length', async () => {
    const api = fakeApi({
      'GET /api/settings/GetPasswordSettings': () => ({
        MinLength: 10,
        StrongLength: 14,
        ForbidEmailName: true,
        ForbidUserName: true,
      }),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithProviders(
      <NewPasswordFields
        value={{ password: 'Abcdef1!', confirmation: '' }}
        onChange={() => {}}
        errors={{}}
      />,
    );
    const meter = screen.getByRole('progressbar', { name: 'Password strength' });
    // Before the answer: the spec's 6 characters, four kinds of characters.
    expect(meter).toHaveAttribute('aria-valuenow', '60');
    await waitFor(() => expect(meter).toHaveAttribute('aria-valuenow', '0'));
    expect(screen.getByText(/^At least 10 characters\./)).toBeVisible();
    expect(api.to('/api/settings/GetPasswordSettings')).toHaveLength(1);
  });
});
