import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { entityPageSchema, type EntityValues, entityValuesSchema, type GridPage } from '#metadata';
import { hasPermission, type ODataParams } from '#platform/core';
import { AppError } from '../../errors/app-error';
import { type EntityAccess, assertMay } from '../entity-access';
import { entityModel, entityValues, listEntity } from '../entity-list';
import { csvContentType, sendCsv } from '../export/csv-stream';
import { requestTexts } from '../export/request-texts';
import { sendSheet, xlsxContentType } from '../export/xlsx-stream';
import { pageFileColumns } from '../grid-pages/page-file';
import { pageRows } from '../grid-pages/page-rows';
import { assertMayViewPage, gridPageView, storedGridPage } from '../grid-pages/page-view';
import { accessById } from './caller';
import { valuesQuery } from './lists';

const maxId = 2_147_483_647;
const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: maxId } },
} as const;
const filterText = { type: 'string', maxLength: 4000 } as const;
const defaultTimeZone = 'Europe/London';

interface PageAccess {
  page: GridPage;
  access: EntityAccess;
  /** The fields the page shows (its columns' and their filters'), and its key. */
  fields: string[];
}

/**
 * The caller's way to a page's rows: the page's permission, its data source's read
 * permission (then the engine's row scope and field rules on every read), and the page as
 * the entity's hooks shape it (the settings may leave columns out).
 */
async function pageAccess(request: FastifyRequest, id: number): Promise<PageAccess> {
  const { db } = request.server;
  const row = await storedGridPage(db, id);
  const access = await accessById(request, row.dataSourceId);
  assertMayViewPage(row, access.caller);
  assertMay(access, 'read');
  const view = await gridPageView(db, row, access.entity);
  const page = access.hooks.shapePage ? await access.hooks.shapePage(view, db) : view;
  const fields = new Set([page.PkField]);
  for (const column of page.Columns) {
    fields.add(column.Field);
    for (const filter of column.FilterFields ?? []) fields.add(filter.Field);
  }
  return { page, access, fields: [...fields] };
}

/** The fields the caller may read of those the page shows. */
function readableFields({ access, fields }: PageAccess): string[] {
  const model = entityModel(access.entity);
  return fields.filter((field) => model.fields[field] || model.collections[field]);
}

/** `$select` within the page's fields (all of them when absent). */
function selectOf(pageAccess: PageAccess, asked: string | undefined): string {
  const readable = readableFields(pageAccess);
  if (asked === undefined || asked.trim() === '' || asked.trim() === '*') return readable.join(',');
  const names = asked.split(',').map((name) => name.trim());
  const outside = names.find((name) => !pageAccess.fields.includes(name));
  if (outside !== undefined) {
    const message = `'${outside.slice(0, 40)}' is not a column of this page`;
    throw new AppError('BadRequest', `$select: ${message}.`, [
      { Field: '$select', Message: message },
    ]);
  }
  return names.join(',');
}

function validTimeZone(zone: string | undefined): string {
  if (zone === undefined) return defaultTimeZone;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return zone;
  } catch {
    throw new AppError('BadRequest', `tz: '${zone.slice(0, 40)}' is not a time zone.`, [
      { Field: 'tz', Message: 'is not a time zone' },
    ]);
  }
}

/** A file name made of the page's title: letters, digits, spaces, dashes and underscores. */
function fileNameOf(page: GridPage, texts: Readonly<Record<string, string>>, ext: string) {
  const title = texts[page.PageTitle] ?? page.PageTitle;
  const safe = title
    .replace(/[^\p{L}\p{N} _-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
  // Content-Disposition's plain filename is Latin-1: anything else becomes '_'.
  return `${safe.replace(/[^\x20-\x7e]/g, '_') || 'export'}.${ext}`;
}

/**
 * A grid page's runtime calls: its rows (`GET api/grids/{id}/data`, the engine's OData
 * options), the values of one of its columns for the filter lists
 * (`GET api/grids/{id}/values/{field}`), and its export (`GET api/grids/{id}/export`, xlsx or
 * CSV) with exactly its columns. Each checks the page's permission and its data source's.
 */
export async function gridRowRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const authorized = { permission: 'authorized' };

  app.get(
    '/api/grids/:id/data',
    { config: authorized, schema: { params: idParams, response: { 200: entityPageSchema } } },
    async (request) => {
      const paged = await pageAccess(request, request.params.id);
      const params = request.query as ODataParams;
      const asked = params.$select;
      if (Array.isArray(asked)) {
        throw new AppError('BadRequest', '$select: is given more than once.', [
          { Field: '$select', Message: 'is given more than once' },
        ]);
      }
      const $select = selectOf(paged, asked);
      return listEntity(app.db, paged.access, { ...params, $select });
    },
  );

  app.get(
    '/api/grids/:id/values/:field',
    {
      config: authorized,
      schema: {
        params: {
          type: 'object',
          required: ['id', 'field'],
          properties: {
            id: { type: 'integer', minimum: 1, maximum: maxId },
            field: { type: 'string', maxLength: 100 },
          },
        },
        querystring: valuesQuery,
        response: { 200: entityValuesSchema },
      },
    },
    async (request) => {
      const paged = await pageAccess(request, request.params.id);
      const { field } = request.params;
      if (!paged.fields.includes(field)) {
        const message = `'${field.slice(0, 40)}' is not a column of this page`;
        throw new AppError('BadRequest', `field: ${message}.`, [
          { Field: 'field', Message: message },
        ]);
      }
      const { search, top, $filter } = request.query;
      const values = await entityValues(app.db, paged.access, field, search ?? null, top ?? 100, {
        filter: $filter ?? null,
      });
      return values as EntityValues;
    },
  );

  app.get(
    '/api/grids/:id/export',
    {
      config: { ...authorized, streams: [xlsxContentType, csvContentType] },
      schema: {
        params: idParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            format: { type: 'string', enum: ['xlsx', 'csv'], default: 'xlsx' },
            $filter: filterText,
            $orderby: { type: 'string', maxLength: 1000 },
            /** The caller's time zone (IANA), for moments; default Europe/London. */
            tz: { type: 'string', maxLength: 64 },
          },
        },
      },
    },
    async (request, reply) => {
      const { format, $filter, $orderby, tz } = request.query;
      const timeZone = validTimeZone(tz);
      const paged = await pageAccess(request, request.params.id);
      const { exportPermission } = paged.access.hooks;
      if (exportPermission && !hasPermission(exportPermission, paged.access.caller.subject)) {
        throw new AppError('Forbidden', 'You do not have permission to export these rows.');
      }
      const texts = await requestTexts(request);
      const readable = new Set(readableFields(paged));
      // A column the caller may not read (a field rule hides it) is left out of the file.
      const columns = paged.page.Columns.filter((column) => readable.has(column.Field));
      const fileColumns = pageFileColumns(columns, texts, timeZone);
      const rows = pageRows(app.db, paged.access, {
        $select: [...readable].join(','),
        ...($filter ? { $filter } : {}),
        ...($orderby ? { $orderby } : {}),
      });
      if (format === 'csv') {
        return sendCsv(reply, {
          fileName: fileNameOf(paged.page, texts, 'csv'),
          columns: fileColumns,
          rows,
        });
      }
      return sendSheet(reply, {
        fileName: fileNameOf(paged.page, texts, 'xlsx'),
        sheetName: texts[paged.page.PageTitle] ?? paged.page.PageTitle,
        columns: fileColumns,
        rows,
      });
    },
  );
}
