import ExcelJS from 'exceljs';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryEntity } from '#metadata';
import { accessFor } from '../../server/engine/entity-access';
import { entityById } from '../../server/engine/entity-context';
import { streamEntity } from '../../server/engine/entity-stream';
import { sendSheet } from '../../server/engine/export/xlsx-stream';
import { startOfToday } from '../../server/modules/deliveries/rules/list-filters';
import { apiClient, type ApiClient } from '../support/api-client';
import { giveOnlyRole } from '../support/deliveries';
import { signIn } from '../support/sign-in';
import { createTestApp, type TestApp } from '../support/test-app';

const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const hour = 3_600_000;

const londonDate = (instant: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);

interface Seeded {
  order: string;
  unit: 'north' | 'south' | 'closed';
  code: string;
  start: Date;
  state: string;
  soldTo?: string;
  site?: string;
  time?: number;
  qty?: number;
  temperature?: number;
  wind?: number;
}

async function workbookOf(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe(xlsx);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0]!;
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((row) => rows.push(row));
  return { sheet, header: rows[0]!, body: rows.slice(1) };
}

const column = (rows: ExcelJS.Row[], index: number) => rows.map((row) => row.getCell(index).value);

describe('spreadsheet export and material mismatch files', () => {
  let t: TestApp;
  let client: ApiClient;
  const today = startOfToday(new Date());
  const tomorrow = new Date(today.getTime() + 24 * hour);
  const seeded: Seeded[] = [
    {
      order: 'X-PAST',
      unit: 'north',
      code: 'ZQ 20 DENSE BIN',
      start: new Date(today.getTime() - 12 * hour),
      state: 'G',
    },
    {
      order: 'X-TODAY',
      unit: 'north',
      code: 'ZQ 6 DENSE SURF',
      start: new Date(today.getTime() + 60_000),
      state: 'R',
      soldTo: '=HYPERLINK("x")',
      site: 'Leeds ring road',
      time: 12.345,
      qty: 18.5,
      temperature: 7.2,
      wind: 24.4,
    },
    {
      order: 'X-SOUTH1',
      unit: 'south',
      code: 'ZQ 20 DENSE BIN',
      start: new Date(tomorrow.getTime() + 7 * hour),
      state: 'A',
      soldTo: '+cmd|calc',
      site: '@SUM(1)',
    },
    {
      order: 'X-SOUTH2',
      unit: 'south',
      code: 'ZQ 10 SURF',
      start: new Date(tomorrow.getTime() + 8 * hour),
      state: 'M',
      soldTo: '\tTabbed',
    },
    {
      order: 'X-NORTH2',
      unit: 'north',
      code: 'ZQ 30 14F SURF',
      start: new Date(tomorrow.getTime() + 9 * hour),
      state: 'Y',
      soldTo: '-2',
    },
    {
      order: 'X-SOUTH3',
      unit: 'south',
      code: 'ZQ 99 NONE',
      start: new Date(tomorrow.getTime() + 10 * hour),
      state: 'G',
      soldTo: '\rReturn',
    },
    {
      order: 'X-NORTH3',
      unit: 'north',
      code: 'ZQ 6 DENSE SURFX',
      start: new Date(tomorrow.getTime() + 11 * hour),
      state: 'Q',
    },
    {
      order: 'X-CLOSED',
      unit: 'closed',
      code: 'zq 20 dense bin',
      start: new Date(tomorrow.getTime() + 12 * hour),
      state: 'G',
    },
  ];
  const orders = (names: string[]) => names.map((name) => seeded.find((s) => s.order === name)!);

  const userId = async (name: string) =>
    (
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    const { db } = t.database;
    // This file's own deliveries and patterns only: the demo's are set aside.
    await db.deleteFrom('deliveries').execute();
    await db.updateTable('materials').set({ active: false }).execute();
    const units = await db
      .insertInto('units')
      .values([
        { code: 'XLN1', name: 'North test plant', active: true },
        { code: 'XLS1', name: 'South test plant', active: true },
        { code: 'XLOFF', name: 'Closed test plant', active: false },
      ])
      .returning(['id', 'code'])
      .execute();
    const unitId = { north: units[0]!.id, south: units[1]!.id, closed: units[2]!.id };
    await db
      .insertInto('userUnits')
      .values([
        { userId: await userId('employee1'), unitId: unitId.north },
        { userId: await userId('employee2'), unitId: unitId.south },
      ])
      .execute();
    await db
      .insertInto('materials')
      .values([
        { code: 'ZQ 6 DENSE SURF', name: 'AC 6 dense surface', active: true },
        { code: 'ZQ ?? DENSE BIN', name: 'Any AC dense binder', active: true },
        { code: 'ZQ 20 DENSE ?IN', name: 'AC 20 dense bin or fin', active: true },
        { code: 'ZQ 1? SURF', name: 'SMA 1x surface', active: true },
        { code: 'ZQ 99 NONE', name: 'Withdrawn mix', active: false },
      ])
      .execute();
    await db
      .insertInto('deliveries')
      .values(
        seeded.map((s) => ({
          uniqueId1: s.order,
          outputTemperature: 160,
          materialCode: s.code,
          materialName: `${s.code} name`,
          unitId: unitId[s.unit],
          deliveryDate: londonDate(s.start),
          startTime0: s.start,
          time: '08:30',
          state: s.state,
          soldToPartyName: s.soldTo ?? 'Highways Ltd',
          siteName: s.site ?? 'Some site',
          availableTimeForCompaction: s.time ?? 30,
          orderQuantity: s.qty ?? 20,
          weatherForecastTemperature: s.temperature ?? null,
          windSpeed: s.wind ?? null,
          weatherForecastAsHtml: '<b>html</b>',
          thickness: 40,
        })),
      )
      .execute();
  });
  afterAll(() => t.close());

  describe('ExportDeliveries', () => {
    it('writes the home grid as a typed, styled, filtered workbook named deliveries.xlsx', async () => {
      const res = await client.post('admin', '/api/Excel/ExportDeliveries', {
        MineOnly: false,
        Actual: true,
      });
      expect(res.headers['content-disposition']).toBe('attachment; filename="deliveries.xlsx"');
      const { sheet, header, body } = await workbookOf(res);

      expect(header.values).toEqual([
        undefined,
        'Date',
        'Time for compaction',
        'State',
        'Material',
        'Sold To',
        'Prod Id',
        'Site Name',
        'Time',
        'Qty',
        'Weather forecast',
      ]);
      // Current deliveries of active units, by planned start.
      const expected = orders([
        'X-TODAY',
        'X-SOUTH1',
        'X-SOUTH2',
        'X-NORTH2',
        'X-SOUTH3',
        'X-NORTH3',
      ]);
      expect(column(body, 4)).toEqual(expected.map((s) => s.code));

      const first = body[0]!;
      const date = first.getCell(1);
      expect(date.type).toBe(ExcelJS.ValueType.Date);
      expect(date.value).toEqual(new Date(`${londonDate(expected[0]!.start)}T00:00:00Z`));
      expect(date.numFmt).toBe('dd/mm/yyyy');
      expect(first.getCell(2).type).toBe(ExcelJS.ValueType.Number);
      expect(first.getCell(2).value).toBe(12.3);
      expect(first.getCell(2).numFmt).toBe('0.0');
      expect(first.getCell(9).type).toBe(ExcelJS.ValueType.Number);
      expect(first.getCell(9).value).toBe(18.5);
      expect(first.getCell(6).value).toBe('XLN1');
      expect(first.getCell(7).value).toBe('Leeds ring road');
      expect(first.getCell(8).value).toBe('08:30');
      expect(first.getCell(10).value).toBe('7 °C, wind 24 km/h');
      expect(body[1]!.getCell(10).value).toBeNull();

      // The state by its long name, in its colour.
      expect(column(body, 3)).toEqual(['RED', 'AMBER', 'BLUE', 'YELLOW', 'GREEN', 'Q']);
      const fills = body.map((row) => (row.getCell(3).fill as ExcelJS.FillPattern).fgColor?.argb);
      expect(fills).toEqual([
        'FFC62828',
        'FFFFB300',
        'FF1565C0',
        'FFFFEB3B',
        'FF2E7D32',
        'FFBDBDBD',
      ]);
      const fonts = body.map((row) => row.getCell(3).font.color?.argb);
      expect(fonts).toEqual([
        'FFFFFFFF',
        'FF1A1A1A',
        'FFFFFFFF',
        'FF1A1A1A',
        'FFFFFFFF',
        'FF1A1A1A',
      ]);

      // Formula-looking data is text with a leading quote, never a formula.
      expect(column(body, 5)).toEqual([
        `'=HYPERLINK("x")`,
        "'+cmd|calc",
        "'\tTabbed",
        "'-2",
        // XML reads a carriage return back as a line feed; the quote is what counts.
        expect.stringMatching(/^'[\r\n]Return$/),
        'Highways Ltd',
      ]);
      expect(body[1]!.getCell(7).value).toBe("'@SUM(1)");
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
          if (typeof cell.value === 'string') expect(cell.value).not.toMatch(/^[=+\-@\t\r]/);
        }),
      );

      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.autoFilter).toBe('A1:J1');
    });

    it("exports only the caller's units with MineOnly, and the past too without Actual", async () => {
      const mine = await workbookOf(
        await client.post('employee1', '/api/Excel/ExportDeliveries', {
          MineOnly: true,
          Actual: true,
        }),
      );
      expect(column(mine.body, 4)).toEqual(
        orders(['X-TODAY', 'X-NORTH2', 'X-NORTH3']).map((s) => s.code),
      );
      expect(new Set(column(mine.body, 6))).toEqual(new Set(['XLN1']));

      const all = await workbookOf(
        await client.post('employee1', '/api/Excel/ExportDeliveries', {
          MineOnly: false,
          Actual: true,
        }),
      );
      expect(all.body).toHaveLength(6);

      const withPast = await workbookOf(
        await client.post('admin', '/api/Excel/ExportDeliveries', {
          MineOnly: false,
          Actual: false,
        }),
      );
      expect(column(withPast.body, 4)[0]).toBe('ZQ 20 DENSE BIN');
      expect(withPast.body).toHaveLength(7);
      const adminMine = await workbookOf(
        await client.post('admin', '/api/Excel/ExportDeliveries', {
          MineOnly: true,
          Actual: false,
        }),
      );
      expect(adminMine.body).toHaveLength(0);
      expect(adminMine.header.getCell(1).value).toBe('Date');
    });

    it("writes the headers and state names in the caller's language", async () => {
      const { db } = t.database;
      await db
        .insertInto('languages')
        .values({ id: 'de', name: 'Deutsch', angularCulture: 'de', kendoCulture: 'de-DE' })
        .execute();
      await db
        .insertInto('translations')
        .values([
          { languageId: 'de', key: 'DELIVERY.DATE', text: 'Datum' },
          { languageId: 'de', key: 'DELIVERY.STATE.R', text: 'ROT' },
        ])
        .execute();
      const cookie = await signIn(t.app, 'employee1');
      const call = (headers: Record<string, string>) =>
        t.app.inject({
          method: 'POST',
          url: '/api/Excel/ExportDeliveries',
          headers: { cookie, 'content-type': 'application/json', ...headers },
          payload: JSON.stringify({ MineOnly: true }),
        });
      const byCookie = await workbookOf(await call({ cookie: `${cookie}; language=de` }));
      expect(byCookie.header.getCell(1).value).toBe('Datum');
      expect(byCookie.header.getCell(3).value).toBe('State');
      expect(byCookie.body[0]!.getCell(3).value).toBe('ROT');
      const byBrowser = await workbookOf(await call({ 'accept-language': 'fr-FR, de;q=0.8' }));
      expect(byBrowser.header.getCell(1).value).toBe('Datum');
      const unknown = await workbookOf(await call({ cookie: `${cookie}; language=xx` }));
      expect(unknown.header.getCell(1).value).toBe('Date');
    });

    it('refuses signed-out callers, callers without the permission and bad bodies, as JSON', async () => {
      const body = { MineOnly: false, Actual: true };
      const signedOut = await client.post(null, '/api/Excel/ExportDeliveries', body);
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json().Message).toBeTruthy();

      const { db } = t.database;
      await giveOnlyRole(db, 'employee2', 'Excel viewer', ['ViewDeliveries']);
      const forbidden = await client.post('employee2', '/api/Excel/ExportDeliveries', body);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.headers['content-type']).toMatch(/^application\/json/);
      expect(forbidden.json().Message).toBeTruthy();

      // May export but not view: refused by the engine's list before the download starts.
      await giveOnlyRole(db, 'employee2', 'Excel exporter', ['ExportDeliveries']);
      const unseen = await client.post('employee2', '/api/Excel/ExportDeliveries', body);
      expect(unseen.statusCode).toBe(403);
      expect(unseen.headers['content-type']).toMatch(/^application\/json/);
      expect(unseen.headers['content-disposition']).toBeUndefined();

      const bad = await client.post('admin', '/api/Excel/ExportDeliveries', { MineOnly: 'yes' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().Message).toMatch(/MineOnly/);
      const stray = await client.post('admin', '/api/Excel/ExportDeliveries', { Everything: true });
      expect(stray.statusCode).toBe(400);
    });
  });

  describe('material mismatch files', () => {
    it('lists the current deliveries whose code several active patterns match, with the candidates', async () => {
      const res = await client.post('employee1', '/api/Excel/GetMultimatchFile', {});
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="multimatch-${londonDate(new Date())}.xlsx"`,
      );
      const { header, body } = await workbookOf(res);
      expect(header.values).toEqual([
        undefined,
        'Date',
        'Prod Id',
        'Order',
        'Material code',
        'Material name',
        'Site Name',
        'Candidate patterns',
        'Candidate materials',
      ]);
      // Yesterday's multimatch is not current; a closed unit's delivery still has a bad code.
      expect(column(body, 3)).toEqual(['X-SOUTH1', 'X-CLOSED']);
      expect(column(body, 2)).toEqual(['XLS1', 'XLOFF']);
      expect(column(body, 4)).toEqual(['ZQ 20 DENSE BIN', 'zq 20 dense bin']);
      // The most specific pattern (the delivery's material) first.
      expect(column(body, 7)).toEqual(Array(2).fill('ZQ 20 DENSE ?IN, ZQ ?? DENSE BIN'));
      expect(column(body, 8)).toEqual(Array(2).fill('AC 20 dense bin or fin, Any AC dense binder'));
      expect(body[0]!.getCell(1).type).toBe(ExcelJS.ValueType.Date);
      expect(body[0]!.getCell(1).value).toEqual(
        new Date(`${londonDate(seeded[2]!.start)}T00:00:00Z`),
      );
    });

    it('lists the current deliveries whose code no active pattern matches', async () => {
      const res = await client.post('employee1', '/api/Excel/GetNomatchFile', {});
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="nomatch-${londonDate(new Date())}.xlsx"`,
      );
      const { header, body } = await workbookOf(res);
      expect(header.cellCount).toBe(6);
      // A code matching only an inactive pattern, none at all, or a pattern but not whole.
      expect(column(body, 3)).toEqual(['X-NORTH2', 'X-SOUTH3', 'X-NORTH3']);
      expect(column(body, 4)).toEqual(['ZQ 30 14F SURF', 'ZQ 99 NONE', 'ZQ 6 DENSE SURFX']);
    });

    it('refuses callers who may not view deliveries', async () => {
      expect((await client.post(null, '/api/Excel/GetNomatchFile', {})).statusCode).toBe(401);
      const demo = await userId('demo');
      await t.database.db.deleteFrom('userRoles').where('userId', '=', demo).execute();
      for (const path of ['GetNomatchFile', 'GetMultimatchFile']) {
        const res = await client.post('demo', `/api/Excel/${path}`, {});
        expect(res.statusCode).toBe(403);
        expect(res.json().Message).toBeTruthy();
      }
    });
  });

  it('streams every row once, in order, across pages and timestamps finer than a millisecond', async () => {
    const { db } = t.database;
    const unit = await db
      .selectFrom('units')
      .select('id')
      .where('code', '=', 'XLOFF')
      .executeTakeFirstOrThrow();
    const at = (ms: number) => new Date(tomorrow.getTime() + 30 * hour + ms);
    const ties = Array.from({ length: 7 }, (_, i) => ({
      uniqueId1: `TIE-${i}`,
      outputTemperature: 160,
      materialCode: 'ZQ 6 DENSE SURF',
      unitId: unit.id,
      deliveryDate: londonDate(at(0)),
      startTime0: at(i < 5 ? 0 : i),
    }));
    await db.insertInto('deliveries').values(ties).execute();
    // Microseconds the answer's millisecond precision cannot show.
    await db
      .updateTable('deliveries')
      .set({ startTime0: `${at(0).toISOString().slice(0, 23)}456Z` })
      .where('uniqueId1', 'in', ['TIE-1', 'TIE-3'])
      .execute();
    const access = accessFor(t.app.entityHooks, await entityById(db, deliveryEntity.id), {
      subject: { authenticated: true, permissions: ['ViewDeliveries'] },
      actor: { id: null, name: 'test' },
      user: null,
    });
    const rows = streamEntity<{ UniqueId1: string }>(db, access, {
      filter: "startswith(UniqueId1,'TIE-')",
      select: ['UniqueId1'],
      orderBy: 'StartTime0',
      pageSize: 2,
    });
    const seen: string[] = [];
    for await (const row of rows) seen.push(row.UniqueId1);
    expect(seen).toEqual(['TIE-0', 'TIE-2', 'TIE-4', 'TIE-1', 'TIE-3', 'TIE-5', 'TIE-6']);
  });

  it('aborts a download that fails once started, and logs why', async () => {
    const logs: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({ logger: { level: 'error', stream } });
    // Enough rows for the sheet to pass through the zip in several chunks: the failure comes
    // once the download has begun.
    async function* rows() {
      for (let i = 0; i < 20_000; i++) yield { Name: `row ${i}` };
      throw new Error('the database went away');
    }
    app.post('/file', async (_request, reply) =>
      sendSheet(reply, {
        fileName: 'broken.xlsx',
        sheetName: 'Broken',
        columns: [{ header: 'Name', width: 10, value: (row: { Name: string }) => row.Name }],
        rows: rows(),
      }),
    );
    await expect(app.inject({ method: 'POST', url: '/file' })).rejects.toThrow(/destroyed/);
    await app.close();
    expect(logs.join('')).toContain('spreadsheet export failed');
    expect(logs.join('')).toContain('the database went away');
  });
});
