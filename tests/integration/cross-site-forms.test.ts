import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../support/api-client';
import { signIn } from '../support/sign-in';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * What another site can make a signed-in user's browser send without asking (an HTML form, a
 * no-cors fetch: multipart, urlencoded or text/plain bodies, or none) is refused with 403 and
 * changes nothing, on every API call; the application's own page and JSON calls are not.
 */
let t: TestApp;
let client: ApiClient;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  client = apiClient(t);
});
afterAll(() => t.close());

const csv = 'Key,Translation\r\nROUTES.HOME,Start (cross-site)\r\n';
const foreign: Record<string, string>[] = [
  { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
  { 'sec-fetch-site': 'same-site', origin: 'https://tools.asphalt.test' },
  { origin: 'https://evil.example' },
  { origin: 'null' },
];

/** A digest of what the uploads and posts below could change. */
async function fingerprint(): Promise<string> {
  const { rows } = await sql<{ f: string }>`select concat_ws(',',
      (select md5(coalesce(string_agg(r::text, '|' order by r::text), '')) from translations r),
      (select md5(coalesce(string_agg(r::text, '|' order by r::text), '')) from materials r),
      (select md5(coalesce(string_agg(r::text, '|' order by r::text), '')) from roles r),
      (select count(*) from change_logs)) as f`.execute(t.database.db);
  return rows[0]!.f;
}

describe('calls another site could send as a form', () => {
  it('refuses the translations import and the materials workbook from another site, changing nothing', async () => {
    const before = await fingerprint();
    for (const headers of foreign) {
      const translations = await client.upload(
        'admin',
        '/api/Language/ImportLanguage?code=en-gb',
        { name: 'en-gb.csv', data: csv, type: 'text/csv' },
        headers,
      );
      expect(translations.statusCode, JSON.stringify(headers)).toBe(403);
      expect(translations.json().Message).toBe('This call must come from the application itself.');
      const materials = await client.upload(
        'admin',
        '/api/downloaduploadmaterials/save',
        { name: 'materials.xlsx', data: Buffer.from('PK'), type: 'application/vnd.ms-excel' },
        headers,
      );
      expect(materials.statusCode, JSON.stringify(headers)).toBe(403);
    }
    expect(await fingerprint()).toBe(before);
  });

  it('refuses urlencoded, text/plain and body-less posts from another site', async () => {
    const before = await fingerprint();
    const cookie = await signIn(t.app, 'admin');
    const send = (contentType: string | null, payload?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/Roles/SaveRole',
        headers: {
          cookie,
          origin: 'https://evil.example',
          ...(contentType ? { 'content-type': contentType } : {}),
        },
        ...(payload === undefined ? {} : { payload }),
      });
    expect((await send('application/x-www-form-urlencoded', 'Name=Evil')).statusCode).toBe(403);
    expect((await send('text/plain', '{"Name":"Evil"}')).statusCode).toBe(403);
    expect((await send('multipart/form-data; boundary=x', '--x--')).statusCode).toBe(403);
    expect((await send(null)).statusCode).toBe(403);
    expect(await fingerprint()).toBe(before);
  });

  it("takes the application's own upload, and a program's with no browser headers and no cookie", async () => {
    const own = await client.upload('admin', '/api/Language/ImportLanguage?code=en-gb', {
      name: 'en-gb.csv',
      data: csv,
      type: 'text/csv',
    });
    expect(own.statusCode, own.body).toBe(200);
    // A JSON call from another origin cannot be sent by a browser without a preflight this
    // server never grants; the session and row rules decide it as usual.
    const program = await t.app.inject({
      method: 'POST',
      url: '/api/Roles/SaveRole',
      headers: { 'content-type': 'application/json' },
      payload: { Name: 'Nobody' },
    });
    expect(program.statusCode).toBe(401);
  });
});
