import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { companySchema, saveCompanyRequestSchema } from '#metadata';
import { AppError } from '../../../errors/app-error';
import type { Caller } from '../rules/caller';
import { callerOf } from './caller';
import { companyOf, saveCompanyOf } from './company-access';

const seeCompanies = { permission: 'ManageCompanies,CanViewCompany' };

const ownId = (caller: Caller) => {
  if (caller.companyId === null) throw new AppError('NotFound', 'You do not belong to a company.');
  return caller.companyId;
};

/** `GET` and `POST api/company`: the caller's own company, through the engine. */
export async function ownCompanyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/api/company',
    { config: seeCompanies, schema: { response: { 200: companySchema } } },
    async (request) => companyOf(request, ownId(callerOf(request))),
  );

  app.post(
    '/api/company',
    {
      config: seeCompanies,
      schema: { body: saveCompanyRequestSchema, response: { 200: companySchema } },
    },
    async (request) => {
      const id = ownId(callerOf(request));
      if (request.body.Id !== undefined && request.body.Id !== id) {
        throw new AppError('BadRequest', 'This call saves only your own company.', [
          { Field: 'Id', Message: 'is not your company' },
        ]);
      }
      return saveCompanyOf(request, { ...request.body, Id: id });
    },
  );
}
