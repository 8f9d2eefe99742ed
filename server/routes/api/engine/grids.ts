import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { type GridPage, userEntity } from '#metadata';
import { AppError } from '../../../errors/app-error';
import { findGridPageById, type GridPageRow } from '../../../repositories/engine-definitions';
import { entityById } from '../../../services/engine/entity-context';
import { assertMay } from '../../../services/engine/entity-service';
import { type Membership, usersBelongTo } from '../../../services/people/users-belong-to';
import { entityCallerOf } from './caller';

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

/** Fields of the Users page that exist only when users belong to groups or to companies. */
const membershipFields: readonly [field: string, kind: keyof Membership][] = [
  ['Groups', 'groups'],
  ['CompanyName', 'companies'],
];

/**
 * The Users page as the `GroupsAndCompanies.UsersBelongTo` setting has it (spec 6): without
 * the group column and field when groups are off, nor the company ones when companies are.
 */
function withMembership(page: GridPage, membership: Membership): GridPage {
  const off = membershipFields.filter(([, kind]) => !membership[kind]).map(([field]) => field);
  if (off.length === 0) return page;
  const form: Record<string, unknown> = { ...page.FormDefinition };
  for (const field of off) {
    const fieldUi = form[field];
    form[field] = { ...(typeof fieldUi === 'object' ? fieldUi : {}), 'ui:widget': 'hidden' };
  }
  return {
    ...page,
    Columns: page.Columns.filter((column) => !off.includes(column.Field)),
    FormDefinition: form,
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
      },
    },
    async (request) => {
      const row = await findGridPageById(app.db, request.params.id);
      if (!row) throw new AppError('NotFound', 'The grid page does not exist.');
      const entity = await entityById(app.db, row.dataSourceId);
      assertMay(entity, 'read', entityCallerOf(request));
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
      return page.DataSourceId === userEntity.id
        ? withMembership(page, await usersBelongTo(app.db))
        : page;
    },
  );
}
