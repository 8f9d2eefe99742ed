import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { type GridPage, gridPageSchema } from '#metadata';
import { AppError } from '../../errors/app-error';
import { findGridPageById, type GridPageRow } from '../../repositories/engine-definitions';
import { assertMay } from '../entity-access';
import { accessById } from './caller';

interface SourceParts {
  entityType: string;
  schema: GridPage['SchemaDefinition'];
  form: unknown;
  api: unknown;
}

function gridPageView(row: GridPageRow, source: SourceParts): GridPage {
  return {
    Id: row.id,
    PageTitle: row.pageTitle,
    DataSourceId: row.dataSourceId,
    DataSourceName: row.dataSourceName,
    EntityType: source.entityType,
    PkField: row.pkField,
    SchemaDefinition: row.schemaDefinition ?? source.schema,
    FormDefinition: (row.formDefinition ?? source.form ?? null) as GridPage['FormDefinition'],
    Columns: row.columns as GridPage['Columns'],
    Actions: row.actions as GridPage['Actions'],
    RowActions: row.rowActions as GridPage['RowActions'],
    PageSize: row.pageSize,
    DefaultSort: row.defaultSort as GridPage['DefaultSort'],
    DefaultFilter: row.defaultFilter,
    DefaultFilterTitle: row.defaultFilterTitle,
    ListUrl: row.listUrl,
    DetailUrl: row.detailUrl,
    Api: source.api as GridPage['Api'],
    IsSystem: row.isSystem,
    Version: row.version,
  };
}

/** `GET api/grids/{id}`: a grid page with its schema and form, for whoever may read its rows. */
export async function gridRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/api/grids/:id',
    {
      config: { permission: 'authorized' },
      schema: {
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
        },
        response: { 200: gridPageSchema },
      },
    },
    async (request) => {
      const row = await findGridPageById(app.db, request.params.id);
      if (!row) throw new AppError('NotFound', 'The grid page does not exist.');
      const access = await accessById(request, row.dataSourceId);
      assertMay(access, 'read');
      const { entity } = access;
      const source = await app.db
        .selectFrom('dataSources')
        .select(['formDefinition', 'api'])
        .where('id', '=', row.dataSourceId)
        .executeTakeFirstOrThrow();
      const page = gridPageView(row, {
        entityType: entity.entityType,
        schema: entity.schema,
        form: source.formDefinition,
        api: source.api,
      });
      return access.hooks.shapePage ? access.hooks.shapePage(page, app.db) : page;
    },
  );
}
