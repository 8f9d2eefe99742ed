import ExcelJS from 'exceljs';
import { unzipSync, zipSync } from 'fflate';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MaterialUpload, UnitSync } from '#metadata';
import { putSetting } from '../../server/modules/settings/settings-repository';
import { forgetSettings } from '../../server/modules/settings/settings-cache';
import { apiClient, type ApiClient } from '../support/api-client';
import { startSmtpCapture } from '../support/smtp-capture';
import { createTestApp, type TestApp } from '../support/test-app';

interface ErrorBody {
  Message: string;
  Errors?: { Field: string; Message: string }[];
}

/**
 * The hostile review of the administration routes added lately (languages and translations,
 * units sync, the materials workbook, settings, login audit, web services): each attack as the
 * attacker tried it, on the module's own calls and on the generic engine routes. Every refusal
 * also checks that nothing changed.
 */
let t: TestApp;
let client: ApiClient;
const nonAdmins = ['employee1', 'manager', 'groupadmin', 'companyadmin'];

/** A fingerprint of the tables an administration call could change. */
async function fingerprint(tables: string[]): Promise<string> {
  const parts = tables.map(
    (table) =>
      sql`(select md5(coalesce(string_agg(r::text, '|' order by r::text), '')) from ${sql.table(table)} as r)`,
  );
  const { rows } = await sql<{ f: string }>`select concat_ws(',', ${sql.join(parts)}) as f`.execute(
    t.database.db,
  );
  return rows[0]!.f;
}

/** Uploads one file as the browser's file button does. */
const upload = (user: string, url: string, name: string, data: Buffer | Uint8Array) =>
  client.upload(user, url, { name, data });

async function configureSetting(values: Record<string, unknown>) {
  for (const [key, value] of Object.entries(values)) await putSetting(t.database.db, key, value);
  forgetSettings(t.app.db);
}

beforeAll(async () => {
  t = await createTestApp({ demo: true, env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  client = apiClient(t);
  await t.database.db
    .insertInto('languages')
    .values({ id: 'de-de', name: 'Deutsch', angularCulture: 'de', kendoCulture: 'de-DE' })
    .execute();
});
afterAll(() => t.close());

describe('languages and translations', () => {
  const languageTables = ['languages', 'translations', 'settings', 'change_logs'];
  const importUrl = (code: string) => `/api/Language/ImportLanguage?code=${code}`;

  it('1. an inherited property name is not a translation key (was a 500 from the foreign key)', async () => {
    // `key in defaults` on a plain object took constructor, toString, __proto__ as known keys.
    const before = await fingerprint(languageTables);
    for (const Key of ['constructor', 'toString', 'hasOwnProperty']) {
      const saved = await client.put('admin', '/api/Language/UpdateTranslations', {
        Language: 'de-de',
        Items: [{ Key, Translation: 'x', OldTranslation: null }],
      });
      expect(saved.statusCode, Key).toBe(400);
      expect(saved.json<ErrorBody>().Message).toContain(Key);
    }
    const imported = await upload(
      'admin',
      importUrl('de-de'),
      'de.csv',
      Buffer.from('Key,Translation\r\nconstructor,x\r\n__proto__,y\r\n'),
    );
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toMatchObject({
      ImportedCount: 0,
      NotFoundCount: 2,
      NotFoundKeys: ['constructor', '__proto__'],
    });
    expect(await fingerprint(languageTables)).toBe(before);
  });

  it('2. every administration call is refused to Staff, manager, group and company admins', async () => {
    const before = await fingerprint(languageTables);
    const gets = [
      '/api/Language/GetTranslationsByLanguage?language=de-de',
      '/api/Language/ExportLanguage?code=de-de',
      '/api/Language/GetFakeLocalization',
      '/api/Language/GetLanguageById/de-de',
      '/api/Language/GetAvailableAngularCultures',
      '/odata/LanguagesOData',
      "/odata/LanguagesOData?$select=Id,Name&$filter=Id eq 'de-de'",
      '/api/dataSources/25/data',
      '/api/entities/Languages/values/Name',
    ];
    for (const user of nonAdmins) {
      for (const url of gets) expect((await client.get(user, url)).statusCode, url).toBe(403);
      // The engine reads rows by number: a language's row is never reached there, by anyone.
      expect((await client.get(user, '/api/dataSources/25/data/de-de')).statusCode).toBe(400);
      const writes = [
        await client.post(user, '/api/Language/CreateLanguage', { Id: 'fr', Name: 'French' }),
        await client.post(user, '/api/Language/DeleteLanguage', { Id: 'de-de' }),
        await client.put(user, '/api/Language/UpdateTranslations', {
          Language: 'de-de',
          Items: [{ Key: 'APP.TITLE', Translation: 'x', OldTranslation: null }],
        }),
        await client.post(user, '/api/Language/UpdateFakeLocalization', {
          GenerateLongerFakes: true,
          GenerateCompoundFakes: true,
        }),
        await client.post(user, '/api/check/IsUniqueId', { val: 'de-de', entity: 'Languages' }),
        await upload(user, importUrl('de-de'), 'de.csv', Buffer.from('Key,Translation\r\n')),
      ];
      for (const answer of writes) {
        expect(answer.statusCode, `${user} ${answer.raw.req.url}`).toBe(403);
        expect(answer.json<ErrorBody>().Message).toBeTruthy();
      }
    }
    expect(await fingerprint(languageTables)).toBe(before);
  });

  it("3. the engine's generic row writes stay closed to an administrator", async () => {
    const before = await fingerprint(languageTables);
    const rows = '/api/dataSources/25/data';
    const answers = [
      await client.post('admin', rows, { Json: { Id: 'xx', Name: 'Forged' } }),
      await client.put('admin', rows, { Json: { Id: 'de-de', Name: 'Renamed', Version: 1 } }),
      await client.call('admin', 'DELETE', `${rows}/de-de`),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
    }
    expect(await fingerprint(languageTables)).toBe(before);
  });

  it('4. bad codes, names and cultures are 400s naming the field; the built-ins stay', async () => {
    const before = await fingerprint(languageTables);
    const bad = [
      { Id: 'EN-GB', Name: 'Upper' },
      { Id: 'fake', Name: 'Fake again' },
      { Id: '../x', Name: 'Path' },
      { Id: 'en-gb', Name: 'Taken' },
      { Id: 'xy', Name: '   ' },
      { Id: 'xy', Name: 'X', AngularCulture: 'xx-"><script>' },
      { Id: 'xy', Name: 'X'.repeat(101) },
    ];
    for (const body of bad) {
      const answer = await client.post('admin', '/api/Language/CreateLanguage', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json<ErrorBody>().Message).toBeTruthy();
    }
    for (const Id of ['en-gb', 'EN-GB', 'fake', 'Fake']) {
      const answer = await client.post('admin', '/api/Language/DeleteLanguage', { Id });
      expect(answer.statusCode, Id).toBe(409);
    }
    expect((await client.post('admin', '/api/Language/DeleteLanguage', {})).statusCode).toBe(400);
    expect(
      (await client.post('admin', '/api/Language/DeleteLanguage', { Id: 'zz-zz' })).statusCode,
    ).toBe(404);
    expect(
      (await client.post('admin', '/api/Language/DeleteLanguage', { Id: "x' or 1=1" })).statusCode,
    ).toBe(400);
    expect(await fingerprint(languageTables)).toBe(before);
  });

  it('5. a refused translation save or import changes nothing (all or nothing)', async () => {
    const before = await fingerprint(languageTables);
    const cases = [
      // One good key and one unknown: nothing of the good one is kept.
      {
        Language: 'de-de',
        Items: [
          { Key: 'APP.TITLE', Translation: 'Titel', OldTranslation: null },
          { Key: 'NO.SUCH.KEY', Translation: 'x', OldTranslation: null },
        ],
      },
      {
        Language: 'de-de',
        Items: [
          { Key: 'APP.TITLE', Translation: 'a', OldTranslation: null },
          { Key: 'APP.TITLE', Translation: 'b', OldTranslation: null },
        ],
      },
      { Language: 'fake', Items: [{ Key: 'APP.TITLE', Translation: 'x', OldTranslation: null }] },
      { Language: 'de-de', Items: [] },
      { Language: 'de-de', Items: [{ Key: 'APP.TITLE', Translation: 1, OldTranslation: null }] },
      { Language: 'de-de', Items: 'APP.TITLE' },
    ];
    for (const body of cases) {
      const answer = await client.put('admin', '/api/Language/UpdateTranslations', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json<ErrorBody>().Message).toBeTruthy();
    }
    const missing = await client.put('admin', '/api/Language/UpdateTranslations', {
      Language: 'zz',
      Items: [{ Key: 'APP.TITLE', Translation: 'x', OldTranslation: null }],
    });
    expect(missing.statusCode).toBe(404);

    const files: [string, string | Buffer, string | RegExp][] = [
      ['de.csv', 'Key,Translation\r\nAPP.TITLE,Titel\r\nAPP.TITLE,Again\r\n', /repeats/],
      ['de.csv', 'Key,Translation\r\nAPP.TITLE,Titel\r\nAPP.HOME,=1+1\r\n', /formula/],
      ['de.csv', 'Key,Translation\r\nAPP.TITLE,Titel\r\n@SUM(1),x\r\n', /formula/],
      [
        'de.csv',
        'Key,Translation\r\nAPP.TITLE,"unclosed\r\n',
        'PAGES.LANGUAGES.IMPORT.WRONG_FORMAT',
      ],
      ['de.csv', Buffer.from([0xff, 0xfe, 0x41, 0x00]), 'PAGES.LANGUAGES.IMPORT.WRONG_FORMAT'],
      ['de.xlsx', 'Key,Translation\r\n', 'PAGES.LANGUAGES.IMPORT.WRONG_FORMAT'],
      ['de.csv', 'PK\u0003\u0004zip', 'PAGES.LANGUAGES.IMPORT.WRONG_FORMAT'],
      ['de.csv', 'Name,Text\r\nAPP.TITLE,x\r\n', 'PAGES.LANGUAGES.IMPORT.WRONG_FORMAT'],
      [
        'de.csv',
        `Key,Translation\r\n${'k,v\r\n'.repeat(20_001)}`,
        'PAGES.LANGUAGES.IMPORT.WRONG_FORMAT',
      ],
    ];
    for (const [name, data, message] of files) {
      const answer = await upload('admin', importUrl('de-de'), name, Buffer.from(data));
      expect(answer.statusCode, String(data).slice(0, 60)).toBe(400);
      expect(answer.json<ErrorBody>().Message).toMatch(message);
    }
    const fake = await upload(
      'admin',
      importUrl('fake'),
      'f.csv',
      Buffer.from('Key,Translation\r\n'),
    );
    expect(fake.statusCode).toBe(400);
    const big = await upload(
      'admin',
      importUrl('de-de'),
      'big.csv',
      Buffer.alloc(2 * 1024 * 1024 + 10, 'a'),
    );
    expect(big.statusCode).toBe(413);
    expect(await fingerprint(languageTables)).toBe(before);
  });

  it('6. the export neutralises formulas a translator typed, and the import reads them back', async () => {
    const texts = ['=1+1', '+cmd|/c calc', "'=already", '-2', '@SUM(A1)', '\tTab'];
    const all = await client.get('admin', '/api/Language/GetTranslationsByLanguage?language=de-de');
    const known = new Set(all.json<{ Key: string }[]>().map((row) => row.Key));
    const usable = [...known].filter((key) => /^[A-Z]/.test(key)).slice(0, texts.length);
    expect(usable.length).toBe(texts.length);
    const saved = await client.put('admin', '/api/Language/UpdateTranslations', {
      Language: 'de-de',
      Items: usable.map((Key, i) => ({ Key, Translation: texts[i], OldTranslation: null })),
    });
    expect(saved.statusCode).toBe(200);
    const exported = await client.get('admin', '/api/Language/ExportLanguage?code=de-de');
    expect(exported.statusCode).toBe(200);
    const cells = exported.body.split(/[\r\n,]+/).map((cell) => cell.replace(/^"|"$/g, ''));
    for (const cell of cells) expect(cell, cell).not.toMatch(/^[=+\-@\t]/);
    const before = await fingerprint(['translations']);
    const again = await upload('admin', importUrl('de-de'), 'de.csv', exported.rawPayload);
    expect(again.statusCode).toBe(200);
    expect(again.json<{ ChangedCount: number }>().ChangedCount).toBe(0);
    expect(await fingerprint(['translations'])).toBe(before);
  });

  it('6b. an imported translation is bounded as an edited one is (10,000 characters)', async () => {
    const before = await fingerprint(languageTables);
    const long = await upload(
      'admin',
      importUrl('de-de'),
      'de.csv',
      Buffer.from(`Key,Translation\r\nROUTES.HOME,${'x'.repeat(10_001)}\r\n`),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json<ErrorBody>().Errors).toContainEqual({
      Field: 'Translation[2]',
      Message: 'is longer than 10000 characters',
    });
    expect(await fingerprint(languageTables)).toBe(before);
    const fits = await upload(
      'admin',
      importUrl('de-de'),
      'de.csv',
      Buffer.from(`Key,Translation\r\nROUTES.HOME,${'x'.repeat(10_000)}\r\n`),
    );
    expect(fits.statusCode).toBe(200);
  });

  it('7. the public calls answer only what the picker needs; odd codes are 4xx', async () => {
    const languages = await client.get(null, '/api/Language/GetLanguages');
    expect(languages.statusCode).toBe(200);
    for (const language of languages.json<Record<string, unknown>[]>()) {
      expect(Object.keys(language).sort()).toEqual(
        ['AngularCulture', 'Id', 'KendoCulture', 'LastUpdated', 'Name'].sort(),
      );
    }
    for (const code of ['..%2F..%2Fetc', 'x'.repeat(21), "de'--", 'zz-zz']) {
      const answer = await client.get(null, `/api/Language/translations/${code}`);
      expect(answer.statusCode, code).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, code).toBeLessThan(500);
    }
    const translations = await client.get('admin', '/api/Language/GetTranslationsByLanguage');
    expect(translations.statusCode).toBe(400);
    const exportMissing = await client.get('admin', '/api/Language/ExportLanguage?code=zz');
    expect(exportMissing.statusCode).toBe(404);
  });
});

describe('login audit and web services', () => {
  const list = '/odata/UserLoginAuditTrackingOData';

  it('8. every path to the audit rows is refused to the non-administrators', async () => {
    const urls = [
      list,
      `${list}?$select=Email,IP&$filter=LoginResult eq ''`,
      `${list}?$count=true&$top=0`,
      '/api/dataSources/40/data',
      '/api/dataSources/40/data/1',
      '/api/entities/UserLoginAuditTracking/values/Email',
      '/api/entities/UserLoginAuditTracking/values/IP',
      '/api/UserLoginAuditChart/GetChartData',
    ];
    for (const user of nonAdmins) {
      for (const url of urls) expect((await client.get(user, url)).statusCode, url).toBe(403);
      const unique = await client.post(user, '/api/check/IsUniqueEmail', {
        val: 'admin@example.com',
        entity: 'UserLoginAuditTracking',
      });
      expect(unique.statusCode).toBe(403);
    }
  });

  it('9. odd time zones and groupings are 400s, never 500s', async () => {
    const zones = ['Mars/Phobos', 'EST5EDT', 'Etc/GMT+5', 'posixrules', 'Factory', 'a'.repeat(65)];
    for (const zone of zones) {
      const answer = await client.get(
        'admin',
        `/api/UserLoginAuditChart/GetChartData?timeZone=${encodeURIComponent(zone)}`,
      );
      expect([200, 400], zone).toContain(answer.statusCode);
    }
    for (const query of ["timeZone=UTC'%3B--", 'groupBy=year', 'groupBy=hour&other=1']) {
      const answer = await client.get('admin', `/api/UserLoginAuditChart/GetChartData?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json<ErrorBody>().Message).toBeTruthy();
    }
  });

  it('10. the web services list is refused to the non-administrators', async () => {
    for (const user of nonAdmins) {
      for (const url of [
        '/api/ViewWebservices/GetViewWebservices',
        '/api/permissions/GetRoutePermissions',
      ]) {
        expect((await client.get(user, url)).statusCode, `${user} ${url}`).toBe(403);
      }
    }
    const bad = await client.get('admin', '/api/ViewWebservices/GetViewWebservices?audited=x');
    expect(bad.statusCode).toBe(400);
  });
});

describe('settings', () => {
  const load = '/api/settings/load';
  const save = '/api/settings/save';
  const testMail = '/api/settings/TestEmailSettings';

  it('11. the stored SMTP password is not sent to a server the test names (was exfiltrated)', async () => {
    // The test used the stored password with whatever host the body named: a settings admin
    // (or a stolen session) could point it at a server of their own and read the secret there.
    const thief = await startSmtpCapture({ user: 'mailer', password: 'stored-secret-77' });
    try {
      await configureSetting({
        'Email.SmtpHost': 'smtp.example.invalid',
        'Email.SmtpPort': 587,
        'Email.SmtpSecurity': 'starttls',
        'Email.SmtpUser': 'mailer',
        'Email.SmtpPassword': 'stored-secret-77',
      });
      const answer = await client.post('admin', testMail, {
        Values: {
          'Email.SmtpHost': '127.0.0.1',
          'Email.SmtpPort': thief.port,
          'Email.SmtpSecurity': 'none',
          'Email.TestEmailAddress': 'thief@example.com',
        },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json<ErrorBody>().Errors?.[0]?.Field).toBe('Email.SmtpPassword');
      expect(answer.body).not.toContain('stored-secret-77');
      expect(thief.mails).toHaveLength(0);
      // With the password typed again, the test goes to the new server.
      const typedAgain = await client.post('admin', testMail, {
        Values: {
          'Email.SmtpHost': '127.0.0.1',
          'Email.SmtpPort': thief.port,
          'Email.SmtpSecurity': 'none',
          'Email.SmtpPassword': 'stored-secret-77',
          'Email.TestEmailAddress': 'owner@example.com',
        },
      });
      expect(typedAgain.json()).toEqual({ ErrorMessage: null, SentTo: 'owner@example.com' });
      // While no server is stored, the stored password belongs to none: it is not sent.
      await configureSetting({ 'Email.SmtpHost': '' });
      const unused = await client.post('admin', testMail, {
        Values: {
          'Email.SmtpHost': '127.0.0.1',
          'Email.SmtpPort': thief.port,
          'Email.SmtpSecurity': 'none',
          'Email.TestEmailAddress': 'thief@example.com',
        },
      });
      expect(unused.statusCode).toBe(200);
      expect(unused.json<{ ErrorMessage: string | null }>().ErrorMessage).toBeTruthy();
      expect(unused.body).not.toContain('stored-secret-77');
      expect(thief.mails.filter((mail) => mail.to.includes('thief@example.com'))).toHaveLength(0);
    } finally {
      await thief.close();
      await configureSetting({ 'Email.SmtpHost': '', 'Email.SmtpPassword': '' });
    }
  });

  it('12. secrets are answered by no path: load, save answer, change log', async () => {
    const loaded = await client.post('admin', load, {});
    const versions = Object.fromEntries(
      loaded
        .json<{ Sections: { Settings: { Key: string; Version: string | null }[] }[] }>()
        .Sections.flatMap((section) => section.Settings)
        .map((setting) => [setting.Key, setting.Version]),
    );
    const secret = 'weather-key-Z9Q';
    const saved = await client.post('admin', save, {
      Values: { 'Weather.ApiKey': secret },
      Versions: { 'Weather.ApiKey': versions['Weather.ApiKey'] },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(secret);
    expect((await client.post('admin', load, {})).body).not.toContain(secret);
    const logs = await client.get('admin', '/odata/ChangeLogsOData?$top=50');
    expect(logs.statusCode).toBe(200);
    expect(logs.body).not.toContain(secret);
    const stored = await t.database.db
      .selectFrom('changeLogs')
      .selectAll()
      .where('entityId', '=', 'Weather.ApiKey')
      .execute();
    expect(JSON.stringify(stored)).not.toContain(secret);
    await configureSetting({ 'Weather.ApiKey': '' });
  });

  it('12b. an address setting is change-logged without its credentials or query', async () => {
    const loaded = await client.post('admin', load, {});
    const version = loaded
      .json<{ Sections: { Settings: { Key: string; Version: string | null }[] }[] }>()
      .Sections.flatMap((section) => section.Settings)
      .find((setting) => setting.Key === 'Units.SyncSourceUrl')?.Version;
    const url = 'https://sync:pw-77@units.example.test/v1/units?api_key=k-4411';
    const saved = await client.post('admin', save, {
      Values: { 'Units.SyncSourceUrl': url },
      Versions: { 'Units.SyncSourceUrl': version ?? null },
    });
    expect(saved.statusCode).toBe(200);
    // The administrator still sees the whole address on the settings screen...
    expect((await client.post('admin', load, {})).body).toContain('api_key=k-4411');
    // ...while the audit log, which managers read, keeps it without its secrets.
    const logs = await client.get('manager', '/odata/ChangeLogsOData?$top=50');
    expect(logs.statusCode).toBe(200);
    expect(logs.body).not.toContain('k-4411');
    expect(logs.body).not.toContain('pw-77');
    expect(logs.body).toContain('https://units.example.test/v1/units (credentials hidden)');
    await configureSetting({ 'Units.SyncSourceUrl': '' });
  });

  it('13. settings calls are refused to the non-administrators, and bad saves change nothing', async () => {
    const before = await fingerprint(['settings', 'change_logs']);
    for (const user of nonAdmins) {
      expect((await client.post(user, load, {})).statusCode).toBe(403);
      expect(
        (await client.post(user, save, { Values: { 'App.DemoMode': false } })).statusCode,
      ).toBe(403);
      expect((await client.post(user, testMail, {})).statusCode).toBe(403);
    }
    const bad: unknown[] = [
      { Values: { constructor: 1 } },
      { Values: { toString: 'x' } },
      { Values: { 'Units.SyncSourceUrl': 'file:///etc/passwd' } },
      { Values: { 'Units.SyncSourceUrl': 'javascript:alert(1)' } },
      { Values: { 'Units.SyncTimeoutSeconds': 100000 } },
      { Values: [] },
      { Values: { 'Email.SmtpPort': '25' } },
    ];
    for (const body of bad) {
      const answer = await client.post('admin', save, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json<ErrorBody>().Message).toBeTruthy();
    }
    expect(await fingerprint(['settings', 'change_logs'])).toBe(before);
  });
});

describe('units sync', () => {
  let source: Server;
  let base = '';
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end('[]');
  const get = '/api/syncunits/GetSyncUnits';
  const apply = '/api/syncunits/ApplySyncUnits';
  const unitTables = ['units', 'change_logs'];

  beforeAll(async () => {
    source = createServer((req, res) => handler(req, res));
    await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(source.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    source.closeAllConnections();
    await new Promise<void>((resolve) => source.close(() => resolve()));
    await configureSetting({ 'Units.SyncSourceUrl': '' });
  });

  const pointAt = (path: string, format = 'json', timeoutSeconds = 10) =>
    configureSetting({
      'Units.SyncSourceUrl': `${base}${path}`,
      'Units.SyncSourceFormat': format,
      'Units.SyncTimeoutSeconds': timeoutSeconds,
    });

  it("14. a failing source's message does not echo the address's secret query or user", async () => {
    // The 502 repeated the configured URL whole, to anybody allowed to manage units (manager),
    // though only settings administrators may read the setting (an API key in its query).
    handler = (_req, res) => {
      res.statusCode = 500;
      res.end('down');
    };
    await pointAt('/units?api_key=TOPSECRET-1');
    const failed = await client.get('manager', get);
    expect(failed.statusCode).toBe(502);
    expect(failed.json<ErrorBody>().Message).toMatch(/500/);
    expect(failed.body).not.toContain('TOPSECRET');
    await configureSetting({ 'Units.SyncSourceUrl': `http://agent:TOPSECRET-2@127.0.0.1:1/u` });
    const withUser = await client.get('manager', get);
    expect(withUser.statusCode).toBe(502);
    expect(withUser.body).not.toContain('TOPSECRET');
  });

  it('15. is refused to Staff and to group and company administrators', async () => {
    await pointAt('/units');
    const before = await fingerprint(unitTables);
    for (const user of ['employee1', 'groupadmin', 'companyadmin']) {
      expect((await client.get(user, get)).statusCode).toBe(403);
      expect((await client.post(user, apply, { Token: 'x', New: ['A'] })).statusCode).toBe(403);
    }
    expect(await fingerprint(unitTables)).toBe(before);
  });

  it('16. a slow or endless source is cut by the timeout and the size bound (502)', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
      const timer = setInterval(() => res.write(' '), 100);
      res.on('close', () => clearInterval(timer));
    };
    await pointAt('/slow', 'json', 1);
    const started = Date.now();
    const slow = await client.get('manager', get);
    expect(slow.statusCode).toBe(502);
    expect(slow.json<ErrorBody>().Message).toMatch(/within 1 s/);
    expect(Date.now() - started).toBeLessThan(5000);

    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (res.write(chunk));
      };
      res.on('drain', pump);
      pump();
    };
    await pointAt('/endless', 'json', 10);
    const endless = await client.get('manager', get);
    expect(endless.statusCode).toBe(502);
    expect(endless.json<ErrorBody>().Message).toMatch(/more than/);
  });

  it('17. garbage, wrong shapes, huge rows and too many rows are 502s or problems, never 500s', async () => {
    const answers: [string, string, number][] = [
      ['json', 'not json', 502],
      ['json', 'null', 502],
      ['json', '{"Units":"x"}', 502],
      ['json', '{"__proto__":[{"Code":"P1","Name":"x"}]}', 502],
      ['json', JSON.stringify(Array.from({ length: 10_001 }, (_, i) => ({ Code: `C${i}` }))), 502],
      ['csv', 'Code,Name\n"unclosed', 502],
      ['csv', `Code,Name\nA1,${'x'.repeat(20_000)}\n`, 502],
      ['json', '[1,"x",null,[],{"Code":{"a":1},"Name":["n"]}]', 200],
      ['json', JSON.stringify([{ Code: 'Z'.repeat(5000), Name: 'Long' }]), 200],
    ];
    for (const [format, body, status] of answers) {
      handler = (_req, res) => res.end(body);
      await pointAt('/units', format);
      const answer = await client.get('manager', get);
      expect(answer.statusCode, body.slice(0, 40)).toBe(status);
      if (status === 502) expect(answer.json<ErrorBody>().Message).toBeTruthy();
      else expect(answer.json<UnitSync>().Problems.length).toBeGreaterThan(0);
    }
    // A formula from the source is only ever shown as text (the unit rules take any code).
    handler = (_req, res) => res.end('Code,Name\n=cmd|calc,=1+1\n');
    await pointAt('/units', 'csv');
    const formula = await client.get('manager', get);
    expect(formula.statusCode).toBe(200);
    expect(formula.json<UnitSync>().New).toEqual([
      expect.objectContaining({ Code: '=cmd|calc', Name: '=1+1' }),
    ]);
  });

  it('18. an apply with a forged token or codes changes nothing', async () => {
    handler = (_req, res) => res.end(JSON.stringify([{ Code: 'NEW01', Name: 'New plant' }]));
    await pointAt('/units');
    const shown = (await client.get('manager', get)).json<UnitSync>();
    const before = await fingerprint(unitTables);
    const forged = [
      { Token: 'f'.repeat(32), New: ['NEW01'] },
      { Token: shown.Token, New: ['NTH01'] },
      { Token: shown.Token, Deactivate: ['NEW01'] },
      { Token: shown.Token, Upgrade: ['ZZZ'] },
    ];
    for (const body of forged) {
      const answer = await client.post('manager', apply, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(409);
    }
    const bad = await client.post('manager', apply, { Token: shown.Token, New: 'NEW01' });
    expect(bad.statusCode).toBe(400);
    expect(await fingerprint(unitTables)).toBe(before);
  });
});

describe('the materials workbook', () => {
  const save = '/api/downloaduploadmaterials/save';
  const materialTables = ['materials', 'change_logs'];

  const typed = async (header: string[], rows: unknown[][]) => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sheet1');
    sheet.addRow(header);
    for (const row of rows) sheet.addRow(row);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  };

  it('19. an XML entity bomb in the shared strings is refused at once as the wrong format', async () => {
    const parts = unzipSync(await typed(['Code', 'Name'], [['A1', 'name']]));
    expect(parts['xl/sharedStrings.xml']).toBeDefined();
    const laughs = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE lolz [<!ENTITY lol "lol">',
      ...Array.from(
        { length: 9 },
        (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`,
      ),
      ']>',
      '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="2" uniqueCount="2">',
      '<si><t>A1</t></si><si><t>&lol9;</t></si></sst>',
    ].join('');
    parts['xl/sharedStrings.xml'] = Buffer.from(laughs);
    const before = await fingerprint(materialTables);
    const started = Date.now();
    const answer = await upload('admin', save, 'm.xlsx', zipSync(parts));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode).toBeLessThan(500);
    expect(answer.json<ErrorBody>().Message).toBeTruthy();
    expect(await fingerprint(materialTables)).toBe(before);
  });

  it('20. a part unpacking far beyond its size, and too many rows, are refused before reading', async () => {
    const parts = unzipSync(await typed(['Code', 'Name'], [['A1', 'name']]));
    parts['xl/media/padding.bin'] = new Uint8Array(30 * 1024 * 1024);
    const before = await fingerprint(materialTables);
    const bomb = await upload('admin', save, 'm.xlsx', zipSync(parts, { level: 9 }));
    expect(bomb.statusCode).toBe(413);
    const rows = Array.from({ length: 5001 }, (_, i) => [`X${i}`, `n${i}`]);
    const many = await upload('admin', save, 'm.xlsx', await typed(['Code', 'Name'], rows));
    expect(many.statusCode).toBe(400);
    expect(many.json<ErrorBody>().Message).toMatch(/5000/);
    const notZip = await upload('admin', save, 'm.xlsx', Buffer.from('<html>'));
    expect(notZip.statusCode).toBe(400);
    expect(await fingerprint(materialTables)).toBe(before);
  });

  it('21. rows naming another material, a stale version, a repeated Id or wrong types save nothing', async () => {
    const first = await t.database.db
      .selectFrom('materials')
      .select(['id', 'code', 'name', 'version'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const header = ['Id', 'Code', 'Name', 'Version', 'MinMixTemp', 'Active'];
    const cases: unknown[][][] = [
      [[first.id, first.code, 'Renamed', first.version + 5, null, true]],
      [
        [first.id, first.code, 'Once', first.version, null, true],
        [first.id, first.code, 'Twice', first.version, null, true],
      ],
      [[999_999, 'GHOST', 'Ghost', 1, null, true]],
      [['abc', 'NEWX', 'New', null, null, true]],
      [[null, 'NEWY', 'New', null, new Date(), true]],
      [[null, 'NEWZ', 'New', null, { formula: '1+1', result: 2 }, true]],
      [[null, 'NEWW', 'New', null, null, 'maybe']],
      [[first.id, first.code, 'x'.repeat(5000), first.version, null, true]],
    ];
    const before = await fingerprint(materialTables);
    for (const rows of cases) {
      const answer = await upload('admin', save, 'm.xlsx', await typed(header, rows));
      expect(answer.statusCode, JSON.stringify(rows)).toBe(200);
      const result = answer.json<MaterialUpload>();
      expect(result.Errors.length, JSON.stringify(rows)).toBeGreaterThan(0);
      expect(result.Created + result.Updated).toBe(0);
    }
    expect(await fingerprint(materialTables)).toBe(before);
  });

  it('22. both calls are refused to Staff and to group and company administrators', async () => {
    const before = await fingerprint(materialTables);
    const file = await typed(['Code', 'Name'], [['NEWQ', 'Q']]);
    for (const user of ['employee1', 'groupadmin', 'companyadmin']) {
      expect((await client.get(user, '/api/downloaduploadmaterials/download')).statusCode).toBe(
        403,
      );
      expect((await upload(user, save, 'm.xlsx', file)).statusCode).toBe(403);
    }
    expect(await fingerprint(materialTables)).toBe(before);
  });
});
