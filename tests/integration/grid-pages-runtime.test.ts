import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DataSourceView, deliveryEntity, type GridPage, userEntity } from '#metadata';
import { apiClient, type ApiClient } from '../support/api-client';
import { giveOnlyRole } from '../support/deliveries';
import { createPage, pageUrl, saveColumn } from '../support/grid-pages';
import { createTestApp, type TestApp } from '../support/test-app';
import { createSource, errorOf, insertRow } from '../support/user-tables';

/**
 * A grid page at run time: its rows (`GET api/grids/{id}/data`), its columns' values for the
 * filter lists and its export (xlsx and CSV), each behind the page's own permission and its
 * data source's read permission, with the engine's row scope; the export writes exactly the
 * page's columns, in order, with their titles and formats.
 */

let t: TestApp;
let client: ApiClient;
let visits: DataSourceView;
let page: GridPage;
let openPage: GridPage;

const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const readers = {
  read: 'ViewDeliveries',
  create: 'ManageDataSources',
  update: 'ManageDataSources',
  delete: 'ManageDataSources',
};

const rows = [
  {
    Site: 'Leeds ring road',
    Visited: '2026-03-05',
    // 10:30 in London (summer time).
    Arrived: '2026-07-01T09:30:00.000Z',
    Hours: 2.345,
    Crew: 4,
    Checked: true,
    Notes: '=HYPERLINK("http://evil.example","x")',
    Photos: [{ Caption: 'Before' }],
  },
  {
    Site: 'Café, "Nord"',
    Visited: '2026-01-20',
    Arrived: '2026-01-20T16:05:00.000Z',
    Hours: 10,
    Crew: 12,
    Checked: false,
    Notes: 'plain',
  },
  { Site: 'Closed yard', Crew: 1 },
];

async function workbookOf(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe(xlsx);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0]!;
  const all: ExcelJS.Row[] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => all.push(row));
  const values = (row: ExcelJS.Row) =>
    Array.from({ length: 6 }, (_, index) => row.getCell(index + 1).value);
  return { sheet, header: values(all[0]!), body: all.slice(1), values };
}

function csvOf(response: LightMyRequestResponse): string[] {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  const bytes = response.rawPayload;
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  return text.slice(0, -2).split('\r\n');
}

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  client = apiClient(t);
  visits = await createSource(client, {
    Name: 'Site visits',
    SchemaDefinition: {
      type: 'object',
      properties: {
        Site: { type: 'string' },
        Visited: { type: 'string', format: 'date' },
        Arrived: { type: 'string', format: 'date-time' },
        Hours: { type: 'number' },
        Crew: { type: 'integer' },
        Checked: { type: 'boolean' },
        Notes: { type: 'string' },
        Photos: {
          type: 'array',
          items: { type: 'object', properties: { Caption: { type: 'string' } } },
        },
      },
    },
    Permissions: readers,
  });
  for (const row of rows) await insertRow(client, visits.Id, row);
  page = await createPage(client, {
    PageTitle: 'Visits: reviewed',
    DataSourceId: visits.Id,
    Columns: [
      saveColumn(1, 'Visited', 'date', { Title: 'ENTITY.ID', Format: 'DD/MM/YYYY', Order: 1 }),
      saveColumn(2, 'Site', 'string', { Title: 'Where', Order: 2 }),
      saveColumn(3, 'Arrived', 'datetime', { Format: 'DD/MM/YYYY HH:mm', Order: 3 }),
      saveColumn(6, 'Notes', 'string', { Order: 6 }),
      saveColumn(4, 'Hours', 'number', { Format: '0.00', Order: 4 }),
      saveColumn(5, 'Checked', 'boolean', { Format: 'yesno', Order: 5 }),
    ],
    DefaultSort: [{ Field: 'Site', Desc: false }],
    Permission: 'ViewReports',
  });
  const guarded = await createSource(client, {
    Name: 'Plant checks',
    SchemaDefinition: { type: 'object', properties: { Plant: { type: 'string' } } },
    Permissions: { ...readers, read: 'ManageUnits' },
  });
  await insertRow(client, guarded.Id, { Plant: 'NTH01' });
  openPage = await createPage(client, {
    PageTitle: 'Plant checks',
    DataSourceId: guarded.Id,
    Columns: [saveColumn(1, 'Plant', 'string')],
  });
});
afterAll(() => t.close());

describe('the rows of a page', () => {
  it('answers the OData list with only the page’s fields, its key and version', async () => {
    const response = await client.get(
      'manager',
      `${pageUrl(page.Id)}/data?$orderby=Site desc&$count=true`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<{ '@odata.count': number; value: Record<string, unknown>[] }>();
    expect(answer['@odata.count']).toBe(3);
    expect(answer.value.map((row) => row.Site)).toEqual([
      'Leeds ring road',
      'Closed yard',
      'Café, "Nord"',
    ]);
    expect(Object.keys(answer.value[0]!).sort()).toEqual(
      ['Arrived', 'Checked', 'Hours', 'Id', 'Notes', 'Site', 'Version', 'Visited'].sort(),
    );
  });

  it('filters, pages and selects within the page, and refuses fields it does not show', async () => {
    const filtered = await client.get(
      'manager',
      `${pageUrl(page.Id)}/data?${new URLSearchParams({ $filter: 'Checked eq true', $select: 'Site' })}`,
    );
    expect(filtered.statusCode, filtered.body).toBe(200);
    expect(filtered.json<{ value: unknown[] }>().value).toEqual([
      expect.objectContaining({ Site: 'Leeds ring road' }),
    ]);
    const paged = await client.get(
      'manager',
      `${pageUrl(page.Id)}/data?$orderby=Site&$top=1&$skip=1`,
    );
    expect(paged.json<{ value: { Site: string }[] }>().value.map((r) => r.Site)).toEqual([
      'Closed yard',
    ]);
    const outside = await client.get('manager', `${pageUrl(page.Id)}/data?$select=Crew`);
    expect(outside.statusCode).toBe(400);
    expect(errorOf(outside).Errors).toEqual([
      { Field: '$select', Message: "'Crew' is not a column of this page" },
    ]);
    const bad = await client.get('manager', `${pageUrl(page.Id)}/data?$filter=Nope eq 1`);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).Message).toMatch(/\$filter: unknown field 'Nope'/);
  });

  it('lists a column’s values within the other filters, and only the page’s columns', async () => {
    const all = await client.get('manager', `${pageUrl(page.Id)}/values/Site`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json<string[]>().sort()).toEqual(['Café, "Nord"', 'Closed yard', 'Leeds ring road']);
    const searched = await client.get('manager', `${pageUrl(page.Id)}/values/Site?search=RING`);
    expect(searched.json()).toEqual(['Leeds ring road']);
    const scoped = await client.get(
      'manager',
      `${pageUrl(page.Id)}/values/Site?${new URLSearchParams({ $filter: 'Checked eq false' })}`,
    );
    expect(scoped.json()).toEqual(['Café, "Nord"']);
    const outside = await client.get('manager', `${pageUrl(page.Id)}/values/Crew`);
    expect(outside.statusCode).toBe(400);
    expect(errorOf(outside).Errors).toEqual([
      { Field: 'field', Message: "'Crew' is not a column of this page" },
    ]);
  });
});

describe('the export of a page', () => {
  it('writes an xlsx of exactly the page’s columns, in order, titled and formatted', async () => {
    const response = await client.get(
      'manager',
      `${pageUrl(page.Id)}/export?format=xlsx&$orderby=${encodeURIComponent('Site desc')}`,
    );
    const { header, body, values, sheet } = await workbookOf(response);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="Visits reviewed.xlsx"',
    );
    expect(sheet.name).toBe('Visits: reviewed'.replace(':', ' '));
    expect(header).toEqual(['Id', 'Where', 'Arrived', 'Hours', 'Checked', 'Notes']);
    expect(body).toHaveLength(3);
    const [leeds, closed, cafe] = body.map(values);
    expect(leeds).toEqual([
      new Date(Date.UTC(2026, 2, 5)),
      'Leeds ring road',
      // The wall clock in London: Excel has no time zones.
      new Date(Date.UTC(2026, 6, 1, 10, 30)),
      2.35,
      'Yes',
      // Shown as text, never run as a formula.
      '\'=HYPERLINK("http://evil.example","x")',
    ]);
    expect(closed).toEqual([null, 'Closed yard', null, null, null, null]);
    expect(cafe).toEqual([
      new Date(Date.UTC(2026, 0, 20)),
      'Café, "Nord"',
      new Date(Date.UTC(2026, 0, 20, 16, 5)),
      10,
      'No',
      'plain',
    ]);
    const first = body[0]!;
    expect(first.getCell(1).numFmt).toBe('dd/mm/yyyy');
    expect(first.getCell(3).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(first.getCell(4).numFmt).toBe('0.00');
    expect(first.getCell(6).type).not.toBe(ExcelJS.ValueType.Formula);
  });

  it('writes a CSV (UTF-8 with BOM) with the same columns, formats applied, filtered', async () => {
    const query = new URLSearchParams({
      format: 'csv',
      $filter: 'Crew gt 1',
      $orderby: 'Visited',
    });
    const lines = csvOf(await client.get('manager', `${pageUrl(page.Id)}/export?${query}`));
    expect(lines).toEqual([
      'Id,Where,Arrived,Hours,Checked,Notes',
      '20/01/2026,"Café, ""Nord""",20/01/2026 16:05,10.00,No,plain',
      '05/03/2026,Leeds ring road,01/07/2026 10:30,2.35,Yes,"\'=HYPERLINK(""http://evil.example"",""x"")"',
    ]);
  });

  it('writes moments in the time zone asked for', async () => {
    const query = new URLSearchParams({ format: 'csv', $filter: 'Crew eq 4', tz: 'UTC' });
    const lines = csvOf(await client.get('manager', `${pageUrl(page.Id)}/export?${query}`));
    expect(lines[1]).toContain(',01/07/2026 09:30,');
    const bad = await client.get('manager', `${pageUrl(page.Id)}/export?format=csv&tz=Mars/Base`);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).Errors).toEqual([{ Field: 'tz', Message: 'is not a time zone' }]);
  });

  it('refuses a bad filter as JSON before any file is sent', async () => {
    const response = await client.get('manager', `${pageUrl(page.Id)}/export?$filter=Nope eq 1`);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(errorOf(response).Message).toMatch(/unknown field 'Nope'/);
  });
});

describe('who reaches a page', () => {
  const calls = (id: number) => [
    pageUrl(id),
    `${pageUrl(id)}/data`,
    `${pageUrl(id)}/values/${id === page.Id ? 'Site' : 'Plant'}`,
    `${pageUrl(id)}/export?format=xlsx`,
    `${pageUrl(id)}/export?format=csv`,
  ];

  it('refuses the page, its rows, values and export to a caller without its permission', async () => {
    for (const url of calls(page.Id)) {
      const refused = await client.get('employee1', url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.headers['content-type'], url).toMatch(/^application\/json/);
      expect(errorOf(refused).Message, url).toBe('You do not have permission to see this page.');
      expect((await client.get(null, url)).statusCode, url).toBe(401);
      expect((await client.get('manager', url)).statusCode, url).toBe(200);
    }
  });

  it('refuses them to a caller who may not read the data source, whatever the page allows', async () => {
    for (const url of calls(openPage.Id)) {
      expect((await client.get('employee1', url)).statusCode, url).toBe(403);
      expect((await client.get('manager', url)).statusCode, url).toBe(200);
    }
  });

  it('applies the row scope of a built-in page: a group administrator sees their users only', async () => {
    const usersPage = pageUrl(userEntity.id);
    const scoped = await client.get('groupadmin', '/odata/UsersOData?$orderby=Name&$select=Name');
    const names = scoped.json<{ value: { Name: string }[] }>().value.map((row) => row.Name);
    const all = await client.get('admin', '/odata/UsersOData?$select=Name');
    expect(names.length).toBeLessThan(all.json<{ value: unknown[] }>().value.length);
    const data = await client.get('groupadmin', `${usersPage}/data?$orderby=Name`);
    expect(data.statusCode, data.body).toBe(200);
    expect(data.json<{ value: { Name: string }[] }>().value.map((row) => row.Name)).toEqual(names);
    const lines = csvOf(
      await client.get('groupadmin', `${usersPage}/export?format=csv&$orderby=Name`),
    );
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(names);
  });

  it('asks the entity’s export permission too: deliveries need ExportDeliveries', async () => {
    await giveOnlyRole(t.database.db, 'employee2', 'Delivery viewers', ['ViewDeliveries']);
    const url = `${pageUrl(deliveryEntity.id)}/export?format=csv`;
    expect((await client.get('employee2', `${pageUrl(deliveryEntity.id)}/data`)).statusCode).toBe(
      200,
    );
    const refused = await client.get('employee2', url);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).Message).toBe('You do not have permission to export these rows.');
    expect((await client.get('manager', url)).statusCode).toBe(200);
  });
});
