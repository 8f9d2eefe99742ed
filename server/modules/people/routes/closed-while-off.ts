import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify';
import { AppError } from '../../../errors/app-error';
import { addRoutePreValidation } from '../../../plugins/route-hooks';
import { type Membership, membershipNotInUse } from '../rules/users-belong-to';

/**
 * Closes every route of the plugin it is called in while users do not belong to `kind`
 * (groups or companies): after the caller's permission is checked, before the body is looked
 * at, the call answers 404 saying they are not in use, and changes nothing.
 */
export function closeWhileOff(app: FastifyInstance, kind: keyof Membership): void {
  const refuseWhileOff: preValidationAsyncHookHandler = async (request) => {
    const notInUse = await membershipNotInUse(request.server.db, kind);
    if (notInUse) throw new AppError('NotFound', notInUse);
  };
  app.addHook('onRoute', (route) => addRoutePreValidation(route, refuseWhileOff));
}
