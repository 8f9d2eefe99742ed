import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/api-client';
import { signIn } from '../support/sign-in';
import { createTestApp, type TestApp } from '../support/test-app';

interface Template {
  Id: number;
  Code: string;
  Title: string;
  Language: string;
  IsSystem?: boolean;
  Subject: string;
  Body: string;
  Parameters: { Title: string; Notes?: string }[];
  Version: number;
}

const injected =
  '<p onclick="steal()">Hello <b>{{Site}}</b><script>alert(1)</script></p>' +
  '<a href="javascript:alert(2)">bad</a><a href="{{Link}}" onmouseover="x()">ok</a>' +
  '<img src="https://tracker.example/pixel.gif"><iframe src="https://evil.example"></iframe>' +
  '<h2 style="color:red">Heading</h2><ul><li>one</li></ul>';
const sanitised =
  '<p>Hello <b>{{Site}}</b></p><a>bad</a><a href="{{Link}}">ok</a><h2>Heading</h2><ul><li>one</li></ul>';

describe('e-mail templates: the engine entity and its calls', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;

  const stored = (id: number) =>
    t.database.db.selectFrom('emailTemplates').selectAll().where('id', '=', id).executeTakeFirst();
  const systemId = async (code: string, language = 'en-gb') =>
    (
      await t.database.db
        .selectFrom('emailTemplates')
        .select('id')
        .where('code', '=', code)
        .where('languageId', '=', language)
        .executeTakeFirstOrThrow()
    ).id;
  const snapshot = async () =>
    JSON.stringify(
      await t.database.db.selectFrom('emailTemplates').selectAll().orderBy('id').execute(),
    );
  const save = (user: string, body: object) =>
    client.post(user, '/api/EmailTemplate/SaveTemplate', body);
  const newTemplate = (overrides: Partial<Template> = {}) => ({
    Id: 0,
    Code: 'SiteNotice',
    Title: 'Site notice',
    Language: 'en-gb',
    Subject: 'Notice for {{Site}}',
    Body: '<p>Work at {{Site}} starts soon.</p>',
    Parameters: [{ Title: 'Site', Notes: 'The road site' }],
    ...overrides,
  });

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    await t.database.db
      .insertInto('languages')
      .values({ id: 'de-de', name: 'Deutsch', angularCulture: 'de', kendoCulture: 'de-DE' })
      .execute();
  });
  afterAll(() => t.close());

  it('lists the templates to template managers only, on a grid page of 10 rows', async () => {
    const list = await client.get(
      'admin',
      '/odata/TemplatesOData?$orderby=Code&$count=true&$select=Id,Code,Title,Language,IsSystem',
    );
    expect(list.statusCode).toBe(200);
    const { value } = list.json<{ value: Template[] }>();
    expect(value.map((row) => [row.Code, row.Language, row.IsSystem])).toEqual([
      ['EmailConfirmation', 'en-gb', true],
      ['PasswordReset', 'en-gb', true],
      ['ProblemReport', 'en-gb', true],
      ['Registration', 'en-gb', true],
    ]);
    const page = await client.get('admin', '/api/grids/23');
    expect(page.json()).toMatchObject({
      PageSize: 10,
      ListUrl: '/odata/TemplatesOData',
      Columns: [
        { Field: 'Code' },
        { Field: 'Title' },
        { Field: 'Language' },
        { Field: 'IsSystem' },
      ],
    });
    expect((await client.get('employee1', '/odata/TemplatesOData')).statusCode).toBe(403);
    expect((await client.get('manager', '/odata/TemplatesOData')).statusCode).toBe(403);
    expect((await client.get(null, '/odata/TemplatesOData')).statusCode).toBe(401);
  });

  it('reads a template, its translation, or a new translation to save', async () => {
    const id = await systemId('PasswordReset');
    const row = (await client.get('admin', `/api/EmailTemplate/GetTemplateById/${id}`)).json();
    expect(row).toMatchObject({ Id: id, Code: 'PasswordReset', Language: 'en-gb', IsSystem: true });
    expect(row.Parameters.map((p: { Title: string }) => p.Title)).toContain('Link');
    const same = await client.get(
      'admin',
      `/api/EmailTemplate/GetTemplateById/${id}?language=en-gb`,
    );
    expect(same.json()).toEqual(row);

    const draft = await client.get(
      'admin',
      `/api/EmailTemplate/GetTemplateById/${id}?language=de-de`,
    );
    expect(draft.statusCode).toBe(200);
    expect(draft.json()).toEqual({ ...row, Id: 0, Version: 0, Language: 'de-de' });

    const blank = await client.get('admin', '/api/EmailTemplate/GetTemplateById/0?language=de-de');
    expect(blank.json()).toMatchObject({
      Id: 0,
      Language: 'de-de',
      IsSystem: false,
      Parameters: [],
    });

    const unknown = await client.get(
      'admin',
      `/api/EmailTemplate/GetTemplateById/${id}?language=xx-yy`,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().Errors).toEqual([
      { Field: 'language', Message: 'is not a language of this installation' },
    ]);
    expect(
      (await client.get('admin', '/api/EmailTemplate/GetTemplateById/999999')).statusCode,
    ).toBe(404);
    const refused = await client.get('employee1', `/api/EmailTemplate/GetTemplateById/${id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toHaveProperty('Message');
  });

  it('saves a translation of a system template as a system template with its parameters', async () => {
    const id = await systemId('Registration');
    const draft = (
      await client.get('admin', `/api/EmailTemplate/GetTemplateById/${id}?language=de-de`)
    ).json<Template>();
    const { Version: _draftVersion, ...body } = draft;
    const saved = await save('admin', {
      ...body,
      Title: 'Registrierung',
      Subject: '{{AppName}}: Ihr neues Konto',
      Parameters: [{ Title: 'Other' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const translation = saved.json<Template>();
    expect(translation).toMatchObject({ Language: 'de-de', Code: 'Registration', IsSystem: true });
    const english = await stored(id);
    expect(translation.Parameters).toEqual(english!.parameters);

    const again = await client.get(
      'admin',
      `/api/EmailTemplate/GetTemplateById/${id}?language=de-de`,
    );
    expect(again.json()).toMatchObject({ Id: translation.Id, Title: 'Registrierung' });
    const back = await client.get(
      'admin',
      `/api/EmailTemplate/GetTemplateById/${translation.Id}?language=en-gb`,
    );
    expect(back.json()).toMatchObject({ Id: id, Language: 'en-gb' });

    // A second de-de Registration is refused, naming the code.
    const twice = await save('admin', { ...body, Id: 0 });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().Errors).toEqual([
      { Field: 'Code', Message: 'There is already a template with this code in de-de.' },
    ]);
    // Its system rules hold: no deletion.
    const removed = await client.get(
      'admin',
      `/api/EmailTemplate/DeleteTemplate/${translation.Id}`,
    );
    expect(removed.statusCode).toBe(409);
  });

  it('sanitises the body on save, keeps the subject one line, and logs the change', async () => {
    const created = await save(
      'admin',
      newTemplate({ Body: injected, Subject: 'Notice\r\nBcc: victim@example.test' }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const template = created.json<Template>();
    expect(template).toMatchObject({ Body: sanitised, Subject: 'Notice Bcc: victim@example.test' });
    const row = await stored(template.Id);
    expect(row).toMatchObject({
      body: sanitised,
      isSystem: false,
      languageId: 'en-gb',
      version: 1,
    });

    const logs = await t.database.db
      .selectFrom('changeLogs')
      .select(['actionType', 'userName'])
      .where('entityType', '=', 'Template')
      .where('entityId', '=', String(template.Id))
      .execute();
    expect(logs).toEqual([{ actionType: 0, userName: 'admin' }]);

    const updated = await save('admin', { ...template, Body: '<p>Now <em>later</em></p>' });
    expect(updated.json()).toMatchObject({ Body: '<p>Now <em>later</em></p>', Version: 2 });
    const stale = await save('admin', { ...template, Body: '<p>Lost</p>' });
    expect(stale.statusCode).toBe(409);
    expect((await stored(template.Id))!.body).toBe('<p>Now <em>later</em></p>');

    // Scripts alone leave no body: refused, nothing stored.
    const empty = await save('admin', newTemplate({ Code: 'Empty', Body: '<script>x()</script>' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Errors[0].Field).toBe('Body');
  });

  it('keeps a system template’s code, parameters and language, whoever saves', async () => {
    const id = await systemId('PasswordReset');
    const row = (
      await client.get('admin', `/api/EmailTemplate/GetTemplateById/${id}`)
    ).json<Template>();
    const before = await snapshot();
    const attempts: Array<[object, string]> = [
      [{ ...row, Code: 'Renamed' }, 'Code'],
      [{ ...row, Parameters: [...row.Parameters, { Title: 'Extra' }] }, 'Parameters'],
      [{ ...row, Parameters: [] }, 'Parameters'],
      [{ ...row, Language: 'de-de' }, 'Language'],
    ];
    for (const [payload, field] of attempts) {
      const res = await save('admin', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().Errors[0].Field).toBe(field);
    }
    const generic = await client.call('admin', 'PUT', '/api/dataSources/23/data', {
      Id: id,
      Json: { ...row, Code: 'Renamed' },
    });
    expect(generic.statusCode).toBe(400);
    expect(await snapshot()).toBe(before);

    // Rewording it is what administrators do.
    const reworded = await save('admin', { ...row, Subject: 'Reset: {{AppName}}' });
    expect(reworded.statusCode).toBe(200);
    expect(reworded.json()).toMatchObject({
      Code: 'PasswordReset',
      IsSystem: true,
      Version: row.Version + 1,
    });
  });

  it('refuses a duplicate code in one language, a code spelt otherwise and parameters named twice', async () => {
    const first = await save('admin', newTemplate({ Code: 'Dup' }));
    expect(first.statusCode).toBe(200);
    const cases: Array<[object, string]> = [
      [newTemplate({ Code: 'Dup' }), 'Code'],
      [newTemplate({ Code: 'DUP', Language: 'de-de' }), 'Code'],
      [newTemplate({ Code: 'Twice', Parameters: [{ Title: 'A' }, { Title: 'A' }] }), 'Parameters'],
      [newTemplate({ Code: 'Lang', Language: 'xx-yy' }), 'Language'],
      [newTemplate({ Code: 'Bad name', Parameters: [{ Title: '1x' }] }), 'Code'],
    ];
    const before = await snapshot();
    for (const [payload, field] of cases) {
      const res = await save('admin', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().Errors.map((e: { Field: string }) => e.Field)).toContain(field);
    }
    expect(await snapshot()).toBe(before);
    const translated = await save('admin', newTemplate({ Code: 'Dup', Language: 'de-de' }));
    expect(translated.statusCode).toBe(200);
    expect(translated.json()).toMatchObject({ IsSystem: false, Language: 'de-de' });
  });

  it('deletes a template of the administrators’ own, never a system one', async () => {
    const made = (await save('admin', newTemplate({ Code: 'Gone' }))).json<Template>();
    const system = await systemId('EmailConfirmation');
    const before = await snapshot();

    const refused = await client.get('admin', `/api/EmailTemplate/DeleteTemplate/${system}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().Message).toBe(
      "'EmailConfirmation' is a system template and cannot be deleted.",
    );
    // A link on another site, or a page without the app's headers, deletes nothing.
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/EmailTemplate/DeleteTemplate/${made.Id}`,
      headers: {
        cookie: await signIn(t.app, 'admin'),
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(foreign.statusCode).toBe(403);
    const staff = await client.get('employee1', `/api/EmailTemplate/DeleteTemplate/${made.Id}`);
    expect(staff.statusCode).toBe(403);
    expect(await snapshot()).toBe(before);

    const removed = await client.get('admin', `/api/EmailTemplate/DeleteTemplate/${made.Id}`);
    expect(removed.statusCode).toBe(204);
    expect(await stored(made.Id)).toBeUndefined();
    const { rows } = await sql<{ actionType: number }>`select action_type from change_logs
      where entity_type = 'Template' and entity_id = ${String(made.Id)} order by id`.execute(
      t.database.db,
    );
    expect(rows.map((r) => r.actionType)).toEqual([0, 2]);
  });

  it('refuses every call to a member of staff, changing nothing', async () => {
    const id = await systemId('PasswordReset');
    const row = (
      await client.get('admin', `/api/EmailTemplate/GetTemplateById/${id}`)
    ).json<Template>();
    const before = await snapshot();
    const outbox = await t.database.db.selectFrom('outbox').select('id').execute();
    const calls: Array<[string, string, object | undefined]> = [
      ['GET', '/odata/TemplatesOData', undefined],
      ['GET', `/api/EmailTemplate/GetTemplateById/${id}`, undefined],
      ['POST', '/api/EmailTemplate/SaveTemplate', { ...row, Subject: 'Hijacked' }],
      ['POST', '/api/EmailTemplate/SaveTemplate', newTemplate({ Code: 'Staff' })],
      ['GET', `/api/EmailTemplate/DeleteTemplate/${id}`, undefined],
      ['POST', '/api/EmailTemplate/PreviewTemplate', { Id: id }],
      ['POST', '/api/EmailTemplate/SendTestMail', { Id: id }],
      ['PUT', '/api/dataSources/23/data', { Id: id, Json: { ...row, Subject: 'Hijacked' } }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await client.call('employee1', method as 'GET', url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toHaveProperty('Message');
    }
    expect(await snapshot()).toBe(before);
    expect(await t.database.db.selectFrom('outbox').select('id').execute()).toEqual(outbox);
  });

  it('previews a template with sample values, sanitised and escaped, with its text part', async () => {
    const preview = await client.post('admin', '/api/EmailTemplate/PreviewTemplate', {
      Subject: 'For {{UserName}} at {{Site}}',
      Body: `${injected}<p>{{UserName}} {{Unknown}}</p>`,
      Parameters: [{ Title: 'Site' }, { Title: 'UserName' }],
    });
    expect(preview.statusCode).toBe(200);
    const { Subject, Html, Text } = preview.json<{ Subject: string; Html: string; Text: string }>();
    expect(Subject).toBe('For Alex Example at [Site]');
    expect(Html).toContain('<p>Hello <b>[Site]</b></p>');
    expect(Html).not.toMatch(/script|onclick|onmouseover|javascript:|<img|<iframe|style=/);
    expect(Html).toContain('<p>Alex Example {{Unknown}}</p>');
    expect(Text).toContain('Hello [Site]');
    expect(Text).toContain('- one');

    const id = await systemId('EmailConfirmation');
    const stored = await client.post('admin', '/api/EmailTemplate/PreviewTemplate', { Id: id });
    expect(stored.json().Html).toContain('href="https://example.com/sample-link"');
    expect(stored.json().Subject).toBe('Asphalt Delivery Scheduler: confirm your e-mail address');
  });
});
