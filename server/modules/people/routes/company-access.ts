import type { FastifyRequest } from 'fastify';
import { type CompanyView, companyEntity } from '#metadata';
import { AppError } from '../../../errors/app-error';
import { readEntity, saveEntity } from '../../../engine/entity-service';
import { accessById } from '../../../engine/routes/caller';

/** A company as its editor reads it, with its contacts; 404 when absent or out of reach. */
export async function companyOf(request: FastifyRequest, id: number): Promise<CompanyView> {
  const company = await readEntity<CompanyView>(
    request.server.db,
    await accessById(request, companyEntity.id),
    id,
  );
  if (!company) throw new AppError('NotFound', 'The company does not exist.');
  return company;
}

/** Saves a company through the engine and answers it as read back. */
export async function saveCompanyOf(request: FastifyRequest, payload: Record<string, unknown>) {
  const access = await accessById(request, companyEntity.id);
  const saved = await saveEntity<{ Id: number }>(request.server.db, access, payload);
  return companyOf(request, saved.Id);
}
