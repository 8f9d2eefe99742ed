import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import {
  assignUsersResultSchema,
  companyContactTypes,
  companyContactTypeSchema,
  companySchema,
  companySummarySchema,
  companyUsersRequestSchema,
  idParamsSchema,
  odataPageSchema,
  odataQuerySchema,
  saveCompanyRequestSchema,
  companyEntity,
} from '#metadata';
import { listCompanies, listCompaniesOfPage } from '../../../repositories/companies';
import { visibleCompany, visibleCompanyIds } from '../../../services/people/company-access';
import { addUsersToCompany } from '../../../services/people/company-users';
import {
  companySummary,
  companyView,
  removeCompany,
  saveCompany,
} from '../../../services/people/save-company';
import { keyPage, selectFields } from '../../../services/engine/key-page';
import { accessById } from '../engine/caller';
import { callerOf } from './caller';
import { ownCompanyRoutes } from './own-company';
import { sameOriginOnly } from './same-origin';

/** ManageCompanies sees and edits every company; CanViewCompany only the caller's own. */
const seeCompanies = { permission: 'ManageCompanies,CanViewCompany' };

export async function companyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/api/companies/GetAllCompanies',
    {
      config: seeCompanies,
      schema: { response: { 200: { type: 'array', items: companySummarySchema } } },
    },
    async (request) => {
      const visible = visibleCompanyIds(callerOf(request));
      return (await listCompanies(app.db, visible)).map(companySummary);
    },
  );

  app.get(
    '/odata/CompaniesOData',
    {
      config: seeCompanies,
      schema: {
        querystring: odataQuerySchema,
        response: { 200: odataPageSchema(companySummarySchema) },
      },
    },
    async (request) => {
      const access = await accessById(request, companyEntity.id);
      const page = await keyPage(app.db, access, request.query, [
        { field: 'CompanyName', desc: false },
      ]);
      const [count, companies] = await Promise.all([
        page.count,
        listCompaniesOfPage(app.db, page.keys),
      ]);
      return {
        '@odata.count': count,
        value: selectFields(companies.map(companySummary), page.select),
      };
    },
  );

  app.get(
    '/api/companies/GetCompanyById/:id',
    { config: seeCompanies, schema: { params: idParamsSchema, response: { 200: companySchema } } },
    async (request) =>
      companyView(app.db, await visibleCompany(app.db, callerOf(request), request.params.id)),
  );

  // The contact types are public: company registration asks for contacts before sign-in.
  app.get(
    '/api/companies/Contacts',
    {
      config: { permission: 'everybody' },
      schema: { response: { 200: { type: 'array', items: companyContactTypeSchema } } },
    },
    async () => [...companyContactTypes],
  );

  app.post(
    '/api/companies/SaveCompany',
    {
      config: seeCompanies,
      schema: { body: saveCompanyRequestSchema, response: { 200: companySchema } },
    },
    async (request) => saveCompany(app.db, callerOf(request), request.body),
  );

  app.post(
    '/api/companies/users',
    {
      config: seeCompanies,
      schema: { body: companyUsersRequestSchema, response: { 200: assignUsersResultSchema } },
    },
    async (request) => ({
      Assigned: await addUsersToCompany(
        app.db,
        callerOf(request),
        request.body.CompanyId,
        request.body.UserIds,
      ),
    }),
  );

  app.get(
    '/api/companies/DeleteCompany/:id',
    {
      config: { permission: 'ManageCompanies' },
      schema: { params: idParamsSchema },
      onRequest: sameOriginOnly,
    },
    async (request, reply) => {
      await removeCompany(app.db, callerOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  await app.register(ownCompanyRoutes);
}
