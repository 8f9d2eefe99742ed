import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../errors/app-error';
import { subjectOf } from '../../../plugins/access';
import type { Caller } from '../../../services/people/caller';

/** The signed-in caller of a route that declared a permission other than `everybody`. */
export function callerOf(request: FastifyRequest): Caller {
  const user = request.currentUser;
  if (!user) throw new AppError('Unauthorized', 'Please sign in to continue.');
  return {
    id: user.Id,
    name: user.Name,
    isAdmin: user.IsAdmin,
    subject: subjectOf(request),
    companyId: request.companyId,
    sessionId: request.sessionId,
  };
}
