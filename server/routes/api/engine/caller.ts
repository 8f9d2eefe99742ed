import type { FastifyRequest } from 'fastify';
import { subjectOf } from '../../../plugins/access';
import type { EntityCaller } from '../../../services/engine/entity-service';

/** The caller of an engine route: what they hold and how the change log names them. */
export function entityCallerOf(request: FastifyRequest): EntityCaller {
  const user = request.currentUser;
  return {
    subject: subjectOf(request),
    actor: { id: user?.Id ?? null, name: user?.Name ?? 'anonymous' },
  };
}
