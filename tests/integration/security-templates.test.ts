import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateEntity } from '#metadata';
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

const rows = `/api/dataSources/${templateEntity.id}/data`;

/**
 * The hostile review of the e-mail templates (issue 18): each attack as the attacker tried it,
 * on the spec routes and the generic engine routes; every refusal also checks that nothing
 * changed. The first block holds what broke in (fixed), the second what held (regressions).
 */
describe('security findings: e-mail templates', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;

  const snapshot = async () =>
    JSON.stringify(
      await t.database.db.selectFrom('emailTemplates').selectAll().orderBy('id').execute(),
    );
  const systemRow = async (code: string) =>
    t.database.db
      .selectFrom('emailTemplates')
      .selectAll()
      .where('code', '=', code)
      .where('languageId', '=', 'en-gb')
      .executeTakeFirstOrThrow();
  const read = async (id: number) =>
    (await client.get('admin', `/api/EmailTemplate/GetTemplateById/${id}`)).json<Template>();
  const save = (body: object) => client.post('admin', '/api/EmailTemplate/SaveTemplate', body);
  const lastOutbox = () =>
    t.database.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  const timed = async <T>(work: () => Promise<T>) => {
    const started = performance.now();
    const result = await work();
    return { result, ms: performance.now() - started };
  };

  beforeAll(async () => {
    t = await createTestApp({ demo: true, env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
    client = apiClient(t);
    await t.database.db
      .insertInto('languages')
      .values({ id: 'de-de', name: 'Deutsch', angularCulture: 'de', kendoCulture: 'de-DE' })
      .execute();
  });
  afterAll(() => t.close());

  describe('findings (fixed)', () => {
    it('1. a long run of spaces does not stall the server while the text part is made', async () => {
      // htmlToText trimmed line ends with /[ \t]+\n/g, quadratic on a run of spaces: a preview
      // of 100 000 spaces held the event loop for seconds (and an anonymous problem report's
      // 20 000-space ErrorLog for a tenth of a second per mail).
      const Body = `<p>${' '.repeat(99_000)}x</p>`;
      const { result, ms } = await timed(async () => [
        await client.post('admin', '/api/EmailTemplate/PreviewTemplate', { Subject: 's', Body }),
        await client.post('admin', '/api/EmailTemplate/PreviewTemplate', { Subject: 's', Body }),
      ]);
      for (const res of result) {
        expect(res.statusCode).toBe(200);
        expect(res.json<{ Text: string }>().Text).toBe('x');
      }
      expect(ms).toBeLessThan(3000);
    });

    it('2. an oversized body is refused before it is sanitised, on every save path', async () => {
      // prepareValues sanitised the body before its length was checked; sanitize-html is
      // quadratic on nesting, so a 1 MB body of nested tags through the generic row route held
      // the event loop for some twenty seconds (SaveTemplate's 512 KB: five).
      const before = await snapshot();
      const deep = '<b>'.repeat(330_000);
      const template = {
        Code: 'Deep',
        Title: 'Deep',
        Language: 'en-gb',
        Subject: 'Deep',
        Parameters: [],
      };
      const { result, ms } = await timed(async () => [
        await client.post('admin', rows, { Json: { ...template, Body: deep } }),
        await save({ ...template, Id: 0, Body: deep.slice(0, 500_000) }),
      ]);
      for (const res of result) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json<{ Message: string }>().Message).toMatch(/Body/);
      }
      expect(ms).toBeLessThan(3000);
      expect(await snapshot()).toBe(before);
    });

    it('3. a template of the administrators’ own cannot take a system template’s code', async () => {
      // Renamed to PasswordReset in a language that had no translation yet, it became the
      // password mail of that language while not a system template: deletable, and with
      // parameters of its own.
      const created = await save({
        Id: 0,
        Code: 'SiteNotice',
        Title: 'Site notice',
        Language: 'de-de',
        Subject: 'Hinweis',
        Body: '<p>Hallo</p>',
        Parameters: [{ Title: 'Site' }],
      });
      expect(created.statusCode, created.body).toBe(200);
      const row = created.json<Template>();
      const before = await snapshot();
      for (const code of ['PasswordReset', 'ProblemReport']) {
        const renamed = await save({ ...row, Code: code });
        expect(renamed.statusCode, renamed.body).toBe(400);
        expect(renamed.json()).toMatchObject({ Errors: [{ Field: 'Code' }] });
        const generic = await client.put('admin', rows, {
          Id: row.Id,
          Json: { ...row, Code: code },
        });
        expect(generic.statusCode, generic.body).toBe(400);
      }
      expect(await snapshot()).toBe(before);
      // Its own translation of the system template is the way: a system template.
      const id = (await systemRow('PasswordReset')).id;
      const draft = (
        await client.get('admin', `/api/EmailTemplate/GetTemplateById/${id}?language=de-de`)
      ).json<Template>();
      const { Version: _unused, ...translation } = draft;
      const saved = await save({ ...translation, Subject: 'Passwort' });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ Code: 'PasswordReset', IsSystem: true });
    });

    it('4. the subject of a preview and of a test mail is one line, whatever the editor sends', async () => {
      const Subject = 'Hello\r\nBcc: victim@evil.test\nX-Injected: 1';
      const preview = await client.post('admin', '/api/EmailTemplate/PreviewTemplate', {
        Subject,
        Body: '<p>x</p>',
      });
      expect(preview.statusCode).toBe(200);
      expect(preview.json<{ Subject: string }>().Subject).not.toMatch(/[\r\n]/);
      const sent = await client.post('admin', '/api/EmailTemplate/SendTestMail', {
        Subject,
        Body: '<p>x</p>',
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const mail = await lastOutbox();
      expect(mail.subject).toBe('[Test] Hello Bcc: victim@evil.test X-Injected: 1');
      expect(mail.to).toBe('admin@demo.asphalt.test');
    });
  });

  describe('attacks that fail (kept as regression guards)', () => {
    it('drops every script, style, image, frame and dangerous link the sanitiser is known to miss', async () => {
      const Body = [
        '<p>a<a href="&#106;avascript:alert(1)">1</a><a href=" JaVaScRiPt:alert(2)">2</a>',
        '<a href="java&#x09;script:alert(3)">3</a><a href="data:text/html,<script>x</script>">4</a>',
        '<a href="vbscript:x">5</a><a href="//evil.example/x">6</a><a href="{{Link}}x">7</a>',
        '<a href="{{Link}}" target="_blank" style="x">8</a></p>',
        '<svg><script>alert(4)</script><a xlink:href="javascript:alert(5)">9</a></svg>',
        '<math><mtext><table><mglyph><style><img src=x onerror=alert(6)>',
        '<noscript><p title="</noscript><img src=x onerror=alert(7)>"></noscript>',
        '<form action="https://evil.example"><input name="p"></form><base href="https://evil.example/">',
        '<meta http-equiv="refresh" content="0;url=https://evil.example"><object data="x"></object>',
        '<p style="background:url(https://tracker.example/p.gif)">b</p><!-- <script>x</script> -->',
      ].join('');
      const res = await save({
        Id: 0,
        Code: 'Hostile',
        Title: 'Hostile',
        Language: 'en-gb',
        Subject: 'Hostile',
        Body,
        Parameters: [{ Title: 'Link' }],
      });
      expect(res.statusCode, res.body).toBe(200);
      const stored = res.json<Template>().Body;
      expect(stored).not.toMatch(
        /<(script|style|img|svg|math|iframe|form|input|base|meta|object|noscript)|on\w+=|javascript:|vbscript:|data:|\/\/evil|style=|target=|<!--/i,
      );
      const hrefs = [...stored.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
      expect(hrefs).toEqual(['{{Link}}']);
      // The preview (which the editor shows in a sandboxed frame) is sanitised again.
      const preview = await client.post('admin', '/api/EmailTemplate/PreviewTemplate', {
        Subject: 's',
        Body,
        Parameters: [{ Title: 'Link' }],
      });
      const { Html } = preview.json<{ Html: string }>();
      expect(Html).not.toMatch(/<(script|img|svg|style)|on\w+=|javascript:/i);
      // Filled in before the mail is sanitised again: only the sample link's address is left.
      for (const [, href] of Html.matchAll(/href="([^"]*)"/g)) {
        expect(href).toMatch(/^https:\/\/example\.com\/sample-link/);
      }
    });

    it('escapes an anonymous problem report’s fields, never fills a placeholder they carry, keeps its subject one line', async () => {
      const report = await client.post(null, '/api/reportaproblem/send', {
        ErrorLog:
          '{{ReporterEmail}}</code></pre><script>alert(1)</script><a href="javascript:x">x</a>',
        Severity: 'Major',
        Time: '09:30',
        Name: '{{ErrorLog}}<img src=x onerror=alert(2)>\r\nBcc: victim@evil.test',
        Email: 'reporter@example.com',
        PreviousPage: '<a href="https://evil.example">click</a>',
      });
      expect(report.statusCode, report.body).toBe(200);
      const mail = await lastOutbox();
      expect(mail.templateCode).toBe('ProblemReport');
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.html).not.toMatch(/<(script|img|a)\b/i);
      expect(mail.html).toContain('{{ErrorLog}}&lt;img src=x onerror=alert(2)&gt;');
      expect(mail.html).toContain('{{ReporterEmail}}&lt;/code&gt;&lt;/pre&gt;&lt;script&gt;');
    });

    it('makes no script link of a link whose address an anonymous reporter fills in', async () => {
      const row = await read((await systemRow('ProblemReport')).id);
      const reworded = await save({
        ...row,
        Body: '<p><a href="{{ReporterEmail}}">mail</a> <a href="{{PreviousPage}}">page</a></p>',
      });
      expect(reworded.statusCode, reworded.body).toBe(200);
      for (const [Email, PreviousPage] of [
        ['javascript:alert(1)//@x.example', 'data:text/html,<script>alert(2)</script>'],
        ['a@b.example', ' JavaScript:alert(3)'],
        ['a@b.example', 'java\tscript:alert(4)'],
        ['a@b.example', '&#106;avascript:alert(5)'],
      ]) {
        const report = await client.post(null, '/api/reportaproblem/send', {
          ErrorLog: 'x',
          Severity: 'Minor',
          Time: '10:00',
          Email,
          PreviousPage,
        });
        expect(report.statusCode, report.body).toBe(200);
        const mail = await lastOutbox();
        expect(mail.templateCode).toBe('ProblemReport');
        expect(mail.html).not.toMatch(/href="(?!https?:\/\/)/i);
        expect(mail.html).not.toMatch(/javascript|data:/i);
      }
      const restored = await save({ ...row, Version: reworded.json<Template>().Version });
      expect(restored.statusCode, restored.body).toBe(200);
    });

    it('keeps a system template’s code, flag and parameters, and refuses to delete it, on every path', async () => {
      const stored = await systemRow('Registration');
      const before = await snapshot();
      const row = await read(stored.id);
      const attempts = [
        await client.put('admin', rows, { Id: row.Id, Json: { ...row, Code: 'Other' } }),
        await client.put('admin', rows, {
          Id: row.Id,
          Json: { ...row, Parameters: [...row.Parameters, { Title: 'Password' }] },
        }),
        await save({ ...row, Parameters: [] }),
        await client.call('admin', 'DELETE', `${rows}/${row.Id}`),
        await client.get('admin', `/api/EmailTemplate/DeleteTemplate/${row.Id}`),
      ];
      expect(attempts.map((res) => res.statusCode)).toEqual([400, 400, 400, 409, 409]);
      expect(await snapshot()).toBe(before);
      // IsSystem is read-only: sending false changes nothing, and the row still cannot go.
      const flag = await client.put('admin', rows, {
        Id: row.Id,
        Json: { ...row, IsSystem: false, Title: 'Registration mail' },
      });
      expect(flag.statusCode, flag.body).toBe(200);
      expect(flag.json()).toMatchObject({ IsSystem: true, Title: 'Registration mail' });
      const again = await client.get('admin', `/api/EmailTemplate/DeleteTemplate/${row.Id}`);
      expect(again.statusCode).toBe(409);
      expect((await systemRow('Registration')).isSystem).toBe(true);
    });

    it('refuses DeleteTemplate from another site’s link, image or form, and staff on every path', async () => {
      const created = await save({
        Id: 0,
        Code: 'Victim',
        Title: 'Victim',
        Language: 'en-gb',
        Subject: 'Victim',
        Body: '<p>v</p>',
        Parameters: [],
      });
      const { Id } = created.json<Template>();
      const before = await snapshot();
      const cookie = await signIn(t.app, 'admin');
      const crossSite = [
        {
          'sec-fetch-site': 'cross-site',
          'sec-fetch-mode': 'navigate',
          'sec-fetch-dest': 'document',
        },
        { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' },
        { referer: 'https://evil.example/page' },
        { origin: 'null' },
        {},
      ];
      for (const headers of crossSite) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/EmailTemplate/DeleteTemplate/${Id}`,
          headers: { cookie, ...headers },
        });
        expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      }
      for (const user of ['employee1', 'manager', 'companyadmin', 'groupadmin']) {
        const calls = [
          await client.get(user, `/api/EmailTemplate/DeleteTemplate/${Id}`),
          await client.call(user, 'DELETE', `${rows}/${Id}`),
          await client.get(user, `${rows}/${Id}`),
          await client.get(user, `/api/grids/${templateEntity.id}/export?format=csv`),
          await client.post(user, '/api/check/IsUniqueCode', {
            entity: 'Templates',
            val: 'Victim',
          }),
          await client.post(user, '/api/EmailTemplate/PreviewTemplate', { Id }),
          await client.post(user, '/api/EmailTemplate/SendTestMail', { Id }),
        ];
        expect(
          calls.map((res) => res.statusCode),
          user,
        ).toEqual([403, 403, 403, 403, 403, 403, 403]);
      }
      expect(await snapshot()).toBe(before);
    });

    it('answers a stale Version with 409 and keeps the newer text', async () => {
      const row = await read((await systemRow('EmailConfirmation')).id);
      const first = await save({ ...row, Subject: 'First' });
      expect(first.statusCode, first.body).toBe(200);
      const stale = await save({ ...row, Subject: 'Stale' });
      expect(stale.statusCode).toBe(409);
      expect((await systemRow('EmailConfirmation')).subject).toBe('First');
    });

    it('sends a test mail only to the caller’s own address, whatever the request names', async () => {
      const res = await client.post('admin', '/api/EmailTemplate/SendTestMail', {
        Subject: 'Relay',
        Body: '<p>x</p>',
        To: 'victim@evil.test',
      });
      const mail = await lastOutbox();
      if (res.statusCode === 200) expect(mail.to).toBe('admin@demo.asphalt.test');
      else expect(res.statusCode).toBe(400);
      expect(mail.to).not.toMatch(/evil/);
    });
  });
});
