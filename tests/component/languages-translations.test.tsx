import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dialogs, useSession } from '#platform/ui';
import { fakeApi } from '../support/fake-api';
import { aSignedInUser } from '../support/fixtures';
import { openAppAt } from '../support/open-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  dialogs.closeAll();
});

/** 23 keys: three pages of 10; every third one translated. */
const storedRows = () =>
  Array.from({ length: 23 }, (_, i) => ({
    Key: `KEY.${String(i).padStart(2, '0')}`,
    DefaultText: `Text ${i}`,
    Translation: i % 3 === 0 ? `Text-de ${i}` : '',
  }));

function openTranslations(handlers: Parameters<typeof fakeApi>[0] = {}, code = 'de-de') {
  const api = fakeApi({
    'GET /api/Language/GetTranslationsByLanguage': () => storedRows(),
    ...handlers,
  });
  vi.stubGlobal('fetch', api.fetch);
  useSession.setState({
    user: aSignedInUser(),
    permissions: ['ManageLanguages'],
    authenticated: true,
    loaded: true,
  });
  openAppAt(`/admin/languages/${code}/translations`);
  return { api, user: userEvent.setup() };
}

const keysShown = () =>
  screen
    .getAllByRole('textbox', { name: /^Translation of / })
    .map((box) => box.getAttribute('aria-label')!.slice('Translation of '.length));

describe('the translation editor', () => {
  it('pages ten keys at a time, searches and shows untranslated keys only', async () => {
    const { user, api } = openTranslations();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Translations: de-de' }),
    ).toBeVisible();
    await screen.findByRole('textbox', { name: 'Translation of KEY.00' });
    expect(api.requests[0]?.path).toBe('/api/Language/GetTranslationsByLanguage');
    expect(keysShown()).toHaveLength(10);
    expect(screen.getByText('1–10 of 23')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Translation of KEY.00' })).toHaveValue('Text-de 0');

    await user.type(screen.getByRole('textbox', { name: 'Search keys and texts' }), 'text-de 1');
    expect(keysShown()).toEqual(['KEY.12', 'KEY.15', 'KEY.18']);
    expect(screen.getByText('1–3 of 3')).toBeVisible();
    await user.clear(screen.getByRole('textbox', { name: 'Search keys and texts' }));

    await user.click(screen.getByRole('switch', { name: 'Untranslated only' }));
    expect(keysShown()).not.toContain('KEY.00');
    expect(keysShown()).toContain('KEY.01');
  });

  it('shows the generated fake language read-only, without import or save', async () => {
    openTranslations({}, 'fake');
    const box = await screen.findByRole('textbox', { name: 'Translation of KEY.00' });
    expect(box).toHaveAttribute('readonly');
    expect(screen.getByText(/The fake language is generated from English/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  });

  it('saves the edited texts with the texts they were edited from', async () => {
    let sent: unknown = null;
    const { user } = openTranslations({
      'PUT /api/Language/UpdateTranslations': (body) => {
        sent = body;
        return { UpdatedCount: 2, LastUpdated: 2 };
      },
    });
    const first = await screen.findByRole('textbox', { name: 'Translation of KEY.00' });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(first);
    await user.type(first, 'Neu');
    await user.type(screen.getByRole('textbox', { name: 'Translation of KEY.01' }), 'Eins');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent).toEqual({
      Language: 'de-de',
      Items: [
        { Key: 'KEY.00', Translation: 'Neu', OldTranslation: 'Text-de 0' },
        { Key: 'KEY.01', Translation: 'Eins', OldTranslation: '' },
      ],
    });
  });

  it('shows the wrong-format message inline when an import is refused', async () => {
    const { user } = openTranslations({
      'POST /api/Language/ImportLanguage': () =>
        Response.json(
          {
            Message: 'PAGES.LANGUAGES.IMPORT.WRONG_FORMAT',
            Errors: [{ Field: 'file', Message: 'is not a .csv file' }],
          },
          { status: 400 },
        ),
    });
    await screen.findByRole('textbox', { name: 'Translation of KEY.00' });
    const input = screen.getByLabelText<HTMLInputElement>('Translations file (.csv)');
    expect(input.accept).toBe('.csv,text/csv');
    await user.upload(input, new File(['x'], 'book.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file is not in the right format: choose a .csv file with the columns Key and Translation.',
    );
  });

  it('lets the same file be chosen again once fixed (the chooser is emptied after each choice)', async () => {
    const { api, user } = openTranslations({
      'POST /api/Language/ImportLanguage': () => ({ ImportedCount: 2, NotFoundCount: 0 }),
    });
    await screen.findByRole('textbox', { name: 'Translation of KEY.00' });
    const input = screen.getByLabelText<HTMLInputElement>('Translations file (.csv)');
    await user.upload(input, new File(['x'], 'book.csv', { type: 'text/csv' }));
    await waitFor(() => expect(api.to('/api/Language/ImportLanguage')).toHaveLength(1));
    await waitFor(() => expect(input.value).toBe(''));
    expect(await screen.findByText('2 translations imported, 0 unknown keys.')).toBeVisible();
    await user.upload(input, new File(['x'], 'book.csv', { type: 'text/csv' }));
    await waitFor(() => expect(api.to('/api/Language/ImportLanguage')).toHaveLength(2));
  });
});
