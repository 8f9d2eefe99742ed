import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../errors/app-error';
import type { Caller } from '../rules/caller';
import { entityCallerOf } from '../../../engine/routes/caller';

/** The signed-in caller of a route that declared a permission other than `everybody`. */
export function callerOf(request: FastifyRequest): Caller {
  const user = entityCallerOf(request).user;
  if (!user) throw new AppError('Unauthorized', 'Please sign in to continue.');
  return user;
}
