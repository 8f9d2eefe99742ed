import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../errors/app-error';
import { subjectOf } from '../../../plugins/access';
import { findUserCompanyId } from '../../../repositories/people-users';
import type { Caller } from '../../../services/people/caller';

/** The signed-in caller of a route that declared a permission other than `everybody`. */
export async function callerOf(request: FastifyRequest): Promise<Caller> {
  const user = request.currentUser;
  if (!user) throw new AppError('Unauthorized', 'Please sign in to continue.');
  return {
    id: user.Id,
    name: user.Name,
    isAdmin: user.IsAdmin,
    subject: subjectOf(request),
    companyId: await findUserCompanyId(request.server.db, user.Id),
    sessionId: request.sessionId,
  };
}
