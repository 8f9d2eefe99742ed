import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../errors/app-error';

/**
 * The spec deletes with GET. A SameSite=Lax cookie still rides along on a top-level
 * navigation from another site, so an attacker's link could delete as the victim: refuse
 * requests the browser marks as a navigation or as coming from another site.
 */
export async function sameOriginOnly(request: FastifyRequest) {
  const mode = request.headers['sec-fetch-mode'];
  const site = request.headers['sec-fetch-site'];
  if (mode === 'navigate' || site === 'cross-site' || site === 'same-site') {
    throw new AppError('Forbidden', 'This call must come from the application itself.');
  }
}
