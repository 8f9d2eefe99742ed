import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { companySchema, saveCompanyRequestSchema } from '#metadata';
import { AppError } from '../../../errors/app-error';
import type { Caller } from '../../../services/people/caller';
import { visibleCompany } from '../../../services/people/company-access';
import { companyView, saveCompany } from '../../../services/people/save-company';
import { callerOf } from './caller';

const seeCompanies = { permission: 'ManageCompanies,CanViewCompany' };

/** `GET` and `POST api/company`: the caller's own company. */
export async function ownCompanyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  const ownId = (caller: Caller) => {
    if (caller.companyId === null) {
      throw new AppError('NotFound', 'You do not belong to a company.');
    }
    return caller.companyId;
  };

  app.get(
    '/api/company',
    { config: seeCompanies, schema: { response: { 200: companySchema } } },
    async (request) => {
      const caller = callerOf(request);
      return companyView(app.db, await visibleCompany(app.db, caller, ownId(caller)));
    },
  );

  app.post(
    '/api/company',
    {
      config: seeCompanies,
      schema: { body: saveCompanyRequestSchema, response: { 200: companySchema } },
    },
    async (request) => {
      const caller = callerOf(request);
      const id = ownId(caller);
      if (request.body.Id !== undefined && request.body.Id !== id) {
        throw new AppError('BadRequest', 'This call saves only your own company.', [
          { Field: 'Id', Message: 'is not your company' },
        ]);
      }
      return saveCompany(app.db, caller, { ...request.body, Id: id });
    },
  );
}
