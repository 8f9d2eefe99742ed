import type { FastifyRequest } from 'fastify';
import type { CurrentUser } from '#metadata';
import { AppError } from '../errors/app-error';

/** The caller of a route whose permission needs a signed-in user. */
export function signedInUser(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw new AppError('Unauthorized', 'Please sign in to continue.');
  return request.currentUser;
}
