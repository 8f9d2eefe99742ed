import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTexts } from '#metadata';
import { createTestApp, type TestApp } from '../support/test-app';

describe('translations and the menu', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the seeded languages with a cache-busting LastUpdated', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Language/GetLanguages' });
    expect(res.statusCode).toBe(200);
    const languages = res.json() as Array<{ Id: string; LastUpdated: number }>;
    expect(languages.map((l) => l.Id).sort()).toEqual(['en-gb', 'fake']);
    for (const language of languages) expect(language.LastUpdated).toBeGreaterThan(0);
  });

  it('serves the default texts as the fallback language', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Language/translations/default' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(defaultTexts);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves a language as defaults overlaid by its stored translations, cached when versioned', async () => {
    await t.database.db
      .insertInto('translations')
      .values({ languageId: 'en-gb', key: 'ROUTES.HOME', text: 'Today’s deliveries' })
      .execute();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/Language/translations/en-GB?v=123',
    });
    expect(res.statusCode).toBe(200);
    const texts = res.json() as Record<string, string>;
    expect(texts['ROUTES.HOME']).toBe('Today’s deliveries');
    expect(texts['SESSION.LOGGED_OUT']).toBe(defaultTexts['SESSION.LOGGED_OUT']);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the fake language as pseudo-localised en-gb, longer when the setting says so', async () => {
    const plain = (
      await t.app.inject({ method: 'GET', url: '/api/Language/translations/fake' })
    ).json() as Record<string, string>;
    expect(plain['DIALOG.CANCEL']).toBe('[Çàñçéļ]');
    expect(plain['ROUTES.HOME']).toBe('[Ţöðàý’š ðéļîṽéŕîéš]');

    await t.database.db
      .updateTable('settings')
      .set({ value: JSON.stringify(true) })
      .where('key', '=', 'Localization.GenerateLongerFakes')
      .execute();
    const longer = (
      await t.app.inject({ method: 'GET', url: '/api/Language/translations/fake' })
    ).json() as Record<string, string>;
    expect(longer['DIALOG.CANCEL']).toMatch(/^\[Çàñçéļ ~+\]$/);
  });

  it('answers an unknown or malformed language with 404 or 400', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/Language/translations/xx-yy' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().Message).toMatch(/xx-yy/);
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/api/Language/translations/..%2F..%2Fetc',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().Errors[0].Field).toBe('language');
  });

  it('serves the menu of a language, falling back to the default menu', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/menu/GetMenu?language=en-gb' });
    expect(res.statusCode).toBe(200);
    const items = res.json() as Array<{ Id: number; Name: string; Url: string | null }>;
    expect(items).toContainEqual({
      Id: 901,
      Name: 'Report a problem',
      Url: '/about/reportaproblem',
      ParentId: 900,
      Order: 1,
    });
    const other = await t.app.inject({ method: 'GET', url: '/api/menu/GetMenu?language=de-de' });
    expect(other.json()).toEqual(items);
    const fake = (
      await t.app.inject({ method: 'GET', url: '/api/menu/GetMenu?language=fake' })
    ).json() as Array<{ Id: number; Name: string }>;
    expect(fake.find((i) => i.Id === 901)?.Name).toBe('[Ŕéþöŕţ à þŕöƀļéɱ]');
  });

  it('serves the routes definition list uncached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/routes' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toContainEqual({
      name: 'reportaproblem',
      route: '/about/reportaproblem',
      Permission: 'everybody',
      InstantTranslation: true,
      Title: 'ROUTES.REPORT_A_PROBLEM',
    });
  });

  it('tells an anonymous caller it has no user and no permissions', async () => {
    const user = await t.app.inject({ method: 'GET', url: '/api/users/GetCurrentUser' });
    expect(user.statusCode).toBe(200);
    expect(user.body).toBe('null');
    const permissions = await t.app.inject({ method: 'POST', url: '/api/auth/permissions' });
    expect(permissions.json()).toEqual([]);
  });
});
