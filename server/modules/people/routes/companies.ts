import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  assignUsersResultSchema,
  companyContactTypes,
  companyContactTypeSchema,
  companySchema,
  companySummarySchema,
  companyUsersRequestSchema,
  getByIdParamsSchema,
  idParamsSchema,
  type CompanyView,
  saveCompanyRequestSchema,
  companyEntity,
} from '#metadata';
import { deleteEntity, readEntityOrBlank } from '../../../engine/entity-service';
import { companyOf, saveCompanyOf } from './company-access';
import { accessById } from '../../../engine/routes/caller';
import { listCalls } from '../../../engine/routes/list-calls';
import { closeWhileOff } from './closed-while-off';
import { ownCompanyRoutes } from './own-company';

/** ManageCompanies sees and edits every company; CanViewCompany only the caller's own. */
const seeCompanies = { permission: 'ManageCompanies,CanViewCompany' };

/**
 * `api/companies/*`, `odata/CompaniesOData`: thin adapters onto the engine, whose company
 * hooks keep CanViewCompany to the caller's own company and members to users they manage. All
 * closed (404) while users belong to no company.
 */
export async function companyRoutes(fastify: FastifyInstance) {
  closeWhileOff(fastify, 'companies');
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const companies = (request: FastifyRequest) => accessById(request, companyEntity.id);

  await listCalls(fastify, {
    entityId: companyEntity.id,
    permission: seeCompanies.permission,
    item: companySummarySchema,
    orderBy: 'CompanyName',
    all: '/api/companies/GetAllCompanies',
    odata: '/odata/CompaniesOData',
  });

  app.get(
    '/api/companies/GetCompanyById/:id',
    {
      config: seeCompanies,
      schema: { params: getByIdParamsSchema, response: { 200: companySchema } },
    },
    async (request) =>
      readEntityOrBlank<CompanyView>(app.db, await companies(request), request.params.id),
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
      config: { ...seeCompanies, audited: true },
      schema: { body: saveCompanyRequestSchema, response: { 200: companySchema } },
    },
    async (request) => saveCompanyOf(request, { ...request.body }),
  );

  app.post(
    '/api/companies/users',
    {
      config: seeCompanies,
      schema: { body: companyUsersRequestSchema, response: { 200: assignUsersResultSchema } },
    },
    async (request) => {
      const { CompanyId, UserIds } = request.body;
      const company = await companyOf(request, CompanyId);
      const Users = UserIds.map((Id) => ({ Id, IsChecked: true }));
      const before = company.UsersNum;
      const saved = await saveCompanyOf(request, {
        Id: CompanyId,
        Version: company.Version,
        Users,
      });
      return { Assigned: saved.UsersNum - before };
    },
  );

  app.get(
    '/api/companies/DeleteCompany/:id',
    {
      config: { permission: 'ManageCompanies', stateChanging: true, audited: true },
      schema: {
        params: idParamsSchema,
        response: { 204: { description: 'Deleted', type: 'null' } },
      },
    },
    async (request, reply) => {
      await deleteEntity(app.db, await companies(request), request.params.id, undefined);
      return reply.status(204).send(null);
    },
  );

  await app.register(ownCompanyRoutes);
}
