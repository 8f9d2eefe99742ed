import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTexts } from '#metadata';
import { apiClient } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';

interface Row {
  Key: string;
  DefaultText: string;
  Translation: string;
}

describe('languages and translations', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
  });
  afterAll(() => t.close());

  /** Uploads a translations file as the browser's file button does. */
  const upload = (user: string, code: string, name: string, data: Buffer | string) =>
    client.upload(user, `/api/Language/ImportLanguage?code=${code}`, {
      name,
      data,
      type: 'text/csv',
    });

  /** What a language call could change: languages, translations, users' languages, the log. */
  async function fingerprint(): Promise<string> {
    const parts = ['languages', 'translations', 'settings', 'change_logs'].map(
      (table) =>
        sql`(select md5(coalesce(string_agg(r::text, '|' order by r::text), '')) from ${sql.table(table)} as r)`,
    );
    const { rows } = await sql<{ f: string }>`select concat_ws(',', ${sql.join(parts)},
      (select string_agg(coalesce(language_id, '-'), ',' order by id) from users)) as f`.execute(
      t.database.db,
    );
    return rows[0]!.f;
  }

  const translationsOf = async (code: string) =>
    (await client.get('admin', `/api/Language/GetTranslationsByLanguage?language=${code}`)).json<
      Row[]
    >();
  const fileOf = async (code: string, v = '') =>
    (await client.get(null, `/api/Language/translations/${code}${v ? `?v=${v}` : ''}`)).json<
      Record<string, string>
    >();
  const lastUpdated = async (code: string) =>
    (await client.get(null, '/api/Language/GetLanguages'))
      .json<{ Id: string; LastUpdated: number }[]>()
      .find((l) => l.Id === code)?.LastUpdated;

  it('lists languages through the engine for ManageLanguages, and refuses employee1', async () => {
    const res = await client.get('admin', '/odata/LanguagesOData?$orderby=Id');
    expect(res.statusCode).toBe(200);
    const ids = res.json<{ value: { Id: string; Name: string }[] }>().value.map((l) => l.Id);
    expect(ids).toEqual(['en-gb', 'fake']);
    expect((await client.get('employee1', '/odata/LanguagesOData')).statusCode).toBe(403);
    expect((await client.get(null, '/odata/LanguagesOData')).statusCode).toBe(401);
  });

  it('offers the cultures to choose from', async () => {
    for (const which of ['Angular', 'Kendo']) {
      const res = await client.get('admin', `/api/Language/GetAvailable${which}Cultures`);
      expect(res.statusCode).toBe(200);
      const ids = res.json<{ Id: string; Name: string }[]>().map((c) => c.Id);
      expect(ids).toContain('en');
      expect(ids).toContain('de-DE');
      expect(
        (await client.get('employee1', `/api/Language/GetAvailable${which}Cultures`)).statusCode,
      ).toBe(403);
    }
  });

  it('reads one language for the engine form, a new one (0) with its default cultures', async () => {
    const blank = await client.get('admin', '/api/Language/GetLanguageById/0');
    expect(blank.json()).toEqual({ AngularCulture: 'en', KendoCulture: 'en' });
    const english = await client.get('admin', '/api/Language/GetLanguageById/en-gb');
    expect(english.json()).toMatchObject({ Id: 'en-gb', Name: 'English (UK)' });
    expect((await client.get('admin', '/api/Language/GetLanguageById/xx')).statusCode).toBe(404);
    expect((await client.get('employee1', '/api/Language/GetLanguageById/en-gb')).statusCode).toBe(
      403,
    );
  });

  it('creates a language with cultures defaulting to en, flags a taken code, logs the change', async () => {
    const before = await fingerprint();
    const refused = await client.post('employee1', '/api/Language/CreateLanguage', {
      Id: 'de-de',
      Name: 'Deutsch',
    });
    expect(refused.statusCode).toBe(403);
    expect(await fingerprint()).toBe(before);

    const unique = () =>
      client.post('admin', '/api/check/IsUniqueId', {
        field: 'Id',
        val: 'de-de',
        entity: 'Languages',
        id: null,
      });
    expect((await unique()).json()).toEqual({ isUnique: true });

    const res = await client.post('admin', '/api/Language/CreateLanguage', {
      Id: 'de-de',
      Name: 'Deutsch',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Id: 'de-de', AngularCulture: 'en', KendoCulture: 'en' });
    const row = await t.database.db
      .selectFrom('languages')
      .selectAll()
      .where('id', '=', 'de-de')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Deutsch', angularCulture: 'en', kendoCulture: 'en' });
    expect((await unique()).json()).toEqual({ isUnique: false });
    const log = await t.database.db
      .selectFrom('changeLogs')
      .selectAll()
      .where('entityType', '=', 'Language')
      .where('entityId', '=', 'de-de')
      .execute();
    expect(log.map((entry) => entry.actionType)).toEqual([0]);

    const again = await client.post('admin', '/api/Language/CreateLanguage', {
      Id: 'de-de',
      Name: 'Nochmal',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ DuplicatePK: true });

    for (const body of [
      { Id: 'DE-DE', Name: 'Upper' },
      { Id: 'de_de', Name: 'Underscore' },
      { Id: 'xx', Name: 'Bad culture', AngularCulture: 'xx-YY' },
      { Id: 'yy', Name: '' },
    ]) {
      const bad = await client.post('admin', '/api/Language/CreateLanguage', body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json()).toHaveProperty('Message');
    }
    expect(
      await t.database.db.selectFrom('languages').select('id').orderBy('id').execute(),
    ).toEqual([{ id: 'de-de' }, { id: 'en-gb' }, { id: 'fake' }]);
  });

  it('answers every key with its default text and translation', async () => {
    const rows = await translationsOf('de-de');
    expect(rows).toHaveLength(Object.keys(defaultTexts).length);
    expect(rows.find((r) => r.Key === 'ROUTES.HOME')).toEqual({
      Key: 'ROUTES.HOME',
      DefaultText: defaultTexts['ROUTES.HOME'],
      Translation: '',
    });
    expect(
      (await client.get('employee1', '/api/Language/GetTranslationsByLanguage?language=de-de'))
        .statusCode,
    ).toBe(403);
    expect(
      (await client.get('admin', '/api/Language/GetTranslationsByLanguage?language=xx')).statusCode,
    ).toBe(404);
  });

  it('saves translations: the new texts are served at once under a new LastUpdated', async () => {
    const oldVersion = await lastUpdated('de-de');
    // A browser holding the versioned file of before.
    expect((await fileOf('de-de', String(oldVersion)))['ROUTES.HOME']).toBe(
      defaultTexts['ROUTES.HOME'],
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    const before = await fingerprint();
    const body = {
      Language: 'de-de',
      Items: [
        { Key: 'ROUTES.HOME', Translation: 'Lieferungen', OldTranslation: null },
        { Key: 'DIALOG.CANCEL', Translation: 'Abbrechen', OldTranslation: '' },
      ],
    };
    expect(
      (await client.put('employee1', '/api/Language/UpdateTranslations', body)).statusCode,
    ).toBe(403);
    expect(await fingerprint()).toBe(before);

    const res = await client.put('admin', '/api/Language/UpdateTranslations', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ UpdatedCount: 2 });
    const newVersion = await lastUpdated('de-de');
    expect(newVersion).toBeGreaterThan(oldVersion!);
    expect(res.json<{ LastUpdated: number }>().LastUpdated).toBe(newVersion);
    const file = await fileOf('de-de', String(newVersion));
    expect(file['ROUTES.HOME']).toBe('Lieferungen');
    expect(file['DIALOG.CANCEL']).toBe('Abbrechen');
    expect((await translationsOf('de-de')).find((r) => r.Key === 'ROUTES.HOME')?.Translation).toBe(
      'Lieferungen',
    );
    const log = await t.database.db
      .selectFrom('changeLogs')
      .select(['actionType', 'changes'])
      .where('entityType', '=', 'Language')
      .where('entityId', '=', 'de-de')
      .where('actionType', '=', 1)
      .execute();
    expect(JSON.stringify(log)).toContain('Lieferungen');
  });

  it('refuses a stale edit (409) and unknown keys (400), changing nothing', async () => {
    const before = await fingerprint();
    const stale = await client.put('admin', '/api/Language/UpdateTranslations', {
      Language: 'de-de',
      Items: [
        { Key: 'DIALOG.CANCEL', Translation: 'Stornieren', OldTranslation: 'Abbrechen' },
        { Key: 'ROUTES.HOME', Translation: 'Start', OldTranslation: null },
      ],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ Message: string }>().Message).toContain('ROUTES.HOME');
    const unknown = await client.put('admin', '/api/Language/UpdateTranslations', {
      Language: 'de-de',
      Items: [
        { Key: 'DIALOG.CANCEL', Translation: 'Stornieren', OldTranslation: 'Abbrechen' },
        { Key: 'NO.SUCH.KEY', Translation: 'x', OldTranslation: null },
      ],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ Message: string }>().Message).toContain('NO.SUCH.KEY');
    expect(await fingerprint()).toBe(before);
  });

  it('removes a translation saved empty', async () => {
    const res = await client.put('admin', '/api/Language/UpdateTranslations', {
      Language: 'de-de',
      Items: [{ Key: 'DIALOG.CANCEL', Translation: '', OldTranslation: 'Abbrechen' }],
    });
    expect(res.statusCode).toBe(200);
    const stored = await t.database.db
      .selectFrom('translations')
      .select('key')
      .where('languageId', '=', 'de-de')
      .execute();
    expect(stored).toEqual([{ key: 'ROUTES.HOME' }]);
  });

  const tricky = {
    'ROUTES.HOME': 'Lieferungen, "heute"\nund morgen',
    'DIALOG.CANCEL': '=Abbrechen',
    'DIALOG.OK': "'-Okay",
    'SESSION.LOGGED_OUT': 'Abgemeldet; Grüße',
  };

  it('exports a CSV (BOM, escaped, formulas neutralised) that re-imports losslessly', async () => {
    const saved = await client.put('admin', '/api/Language/UpdateTranslations', {
      Language: 'de-de',
      Items: Object.entries(tricky).map(([Key, Translation]) => ({
        Key,
        Translation,
        OldTranslation: Key === 'ROUTES.HOME' ? 'Lieferungen' : null,
      })),
    });
    expect(saved.statusCode).toBe(200);
    expect(
      (await client.get('employee1', '/api/Language/ExportLanguage?code=de-de')).statusCode,
    ).toBe(403);
    const res = await client.get('admin', '/api/Language/ExportLanguage?code=de-de');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="translations-de-de.csv"',
    );
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.subarray(3).toString('utf8');
    expect(text.startsWith('Key,DefaultText,Translation\r\n')).toBe(true);
    expect(text).toContain('ROUTES.HOME,');
    expect(text).toContain('"Lieferungen, ""heute""\nund morgen"');
    expect(text).toContain(",'=Abbrechen");
    expect(text).toContain(",''-Okay");

    // Wipe the texts, then import the file: every one comes back as it was.
    await t.database.db.deleteFrom('translations').where('languageId', '=', 'de-de').execute();
    const imported = await upload('admin', 'de-de', 'translations-de-de.csv', raw);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({
      ImportedCount: Object.keys(tricky).length,
      NotFoundCount: 0,
      NotFoundKeys: [],
      ChangedCount: Object.keys(tricky).length,
    });
    const rows = await t.database.db
      .selectFrom('translations')
      .select(['key', 'text'])
      .where('languageId', '=', 'de-de')
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.key, r.text]))).toEqual(tricky);
    const again = await client.get('admin', '/api/Language/ExportLanguage?code=de-de');
    expect(again.rawPayload.equals(raw)).toBe(true);
  });

  it('counts and names unknown keys of an import', async () => {
    const csv = 'Key,Translation\r\nROUTES.HOME,Start\r\nNO.SUCH.KEY,x\r\nOTHER.MISSING,y\r\n';
    const res = await upload('admin', 'de-de', 'mine.CSV', csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      ImportedCount: 1,
      NotFoundCount: 2,
      NotFoundKeys: ['NO.SUCH.KEY', 'OTHER.MISSING'],
    });
  });

  it('refuses bad files by name and content with the wrong-format message, changing nothing', async () => {
    const before = await fingerprint();
    const zip = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 1)]);
    const cases: [string, Buffer | string, number][] = [
      ['texts.txt', 'Key,Translation\r\nROUTES.HOME,x\r\n', 400],
      ['book.csv', zip, 400],
      [
        'latin1.csv',
        Buffer.from('Key,Translation\r\nROUTES.HOME,Gr\u00fc\u00dfe\r\n', 'latin1'),
        400,
      ],
      ['binary.csv', Buffer.from([0x4b, 0x65, 0x79, 0, 1, 2, 3]), 400],
      ['noheader.csv', 'Name,Text\r\nROUTES.HOME,x\r\n', 400],
    ];
    for (const [name, data, status] of cases) {
      const res = await upload('admin', 'de-de', name, data);
      expect(res.statusCode, name).toBe(status);
      expect(res.json<{ Message: string }>().Message, name).toBe(
        'PAGES.LANGUAGES.IMPORT.WRONG_FORMAT',
      );
    }
    const formula = await upload(
      'admin',
      'de-de',
      'formula.csv',
      'Key,Translation\r\nROUTES.HOME,ok\r\nDIALOG.OK,"=HYPERLINK(""http://x"")"\r\n',
    );
    expect(formula.statusCode).toBe(400);
    expect(formula.json(), formula.body).toMatchObject({ Formula: true });
    expect(formula.json<{ Message: string }>().Message).toContain('Row 3, column Translation');
    const big = await upload(
      'admin',
      'de-de',
      'big.csv',
      `Key,Translation\r\n${'ROUTES.HOME,x\r\n'.repeat(200_000)}`,
    );
    expect(big.statusCode).toBe(413);
    const refused = await upload(
      'employee1',
      'de-de',
      'ok.csv',
      'Key,Translation\r\nROUTES.HOME,x\r\n',
    );
    expect(refused.statusCode).toBe(403);
    expect(await fingerprint()).toBe(before);
  });

  it('makes the fake language longer or compound as asked, and offers it by setting', async () => {
    const plain = await fileOf('fake');
    const oldVersion = await lastUpdated('fake');
    const before = await fingerprint();
    const body = { GenerateLongerFakes: true, GenerateCompoundFakes: false };
    expect(
      (await client.post('employee1', '/api/Language/UpdateFakeLocalization', body)).statusCode,
    ).toBe(403);
    expect(await fingerprint()).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const res = await client.post('admin', '/api/Language/UpdateFakeLocalization', body);
    expect(res.statusCode).toBe(200);
    expect(await lastUpdated('fake')).toBeGreaterThan(oldVersion!);
    const longer = await fileOf('fake', String(await lastUpdated('fake')));
    expect(longer['DIALOG.CANCEL']).not.toBe(plain['DIALOG.CANCEL']);
    expect(longer['DIALOG.CANCEL']!.length).toBeGreaterThan(plain['DIALOG.CANCEL']!.length);
    const setting = await t.database.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'Localization.GenerateLongerFakes')
      .executeTakeFirstOrThrow();
    expect(setting.value).toBe(true);

    await client.post('admin', '/api/Language/UpdateFakeLocalization', {
      GenerateLongerFakes: false,
      GenerateCompoundFakes: true,
    });
    const compound = await fileOf('fake');
    expect(compound['DIALOG.CANCEL']).not.toBe(plain['DIALOG.CANCEL']);
    expect(compound['DIALOG.CANCEL']).not.toBe(longer['DIALOG.CANCEL']);
    // The editor shows the fake language's generated texts, as its users get them.
    const editorRows = await translationsOf('fake');
    expect(editorRows.find((row) => row.Key === 'DIALOG.CANCEL')?.Translation).toBe(
      compound['DIALOG.CANCEL'],
    );
    expect(editorRows.every((row) => row.Translation !== '')).toBe(true);

    const ids = async () =>
      (await client.get(null, '/api/Language/GetLanguages'))
        .json<{ Id: string }[]>()
        .map((l) => l.Id);
    expect(await ids()).toContain('fake');
    await t.database.db
      .updateTable('settings')
      .set({ value: JSON.stringify(false) })
      .where('key', '=', 'Localization.UseFakeLocalization')
      .execute();
    const { forgetSettings } = await import('../../server/modules/settings/settings-cache');
    forgetSettings(t.database.db);
    expect(await ids()).not.toContain('fake');
  });

  it('deletes a language: its users fall back to the default, its translations go', async () => {
    const employee = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('name', '=', 'employee1')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('users')
      .set({ languageId: 'de-de' })
      .where('id', '=', employee.id)
      .execute();
    const before = await fingerprint();
    for (const [user, id, status] of [
      ['employee1', 'de-de', 403],
      ['admin', 'en-gb', 409],
      ['admin', 'fake', 409],
      ['admin', 'xx-yy', 404],
    ] as const) {
      const res = await client.post(user, '/api/Language/DeleteLanguage', { Id: id });
      expect(res.statusCode, `${user} ${id}`).toBe(status);
      expect(res.json()).toHaveProperty('Message');
    }
    expect(await fingerprint()).toBe(before);

    const res = await client.post('admin', '/api/Language/DeleteLanguage', { Id: 'de-de' });
    expect(res.statusCode).toBe(204);
    expect(
      await t.database.db.selectFrom('languages').select('id').where('id', '=', 'de-de').execute(),
    ).toEqual([]);
    expect(
      await t.database.db
        .selectFrom('translations')
        .select('key')
        .where('languageId', '=', 'de-de')
        .execute(),
    ).toEqual([]);
    const user = await t.database.db
      .selectFrom('users')
      .select('languageId')
      .where('id', '=', employee.id)
      .executeTakeFirstOrThrow();
    expect(user.languageId).toBe('en-gb');
    const log = await t.database.db
      .selectFrom('changeLogs')
      .select(['actionType', 'genericLog'])
      .where('entityType', '=', 'Language')
      .where('entityId', '=', 'de-de')
      .where('actionType', '=', 2)
      .executeTakeFirstOrThrow();
    expect(log.genericLog).toContain('1 users');

    // The grid's row action names the language in the query.
    await client.post('admin', '/api/Language/CreateLanguage', { Id: 'fr', Name: 'Français' });
    const byQuery = await client.call('admin', 'POST', '/api/Language/DeleteLanguage?Id=fr');
    expect(byQuery.statusCode).toBe(204);
  });
});
