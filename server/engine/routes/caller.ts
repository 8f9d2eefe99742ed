import type { FastifyRequest } from 'fastify';
import { subjectOf } from '../../plugins/access';
import type { Caller, EntityCaller } from '../caller';
import { type EntityAccess, reachedAccess } from '../entity-access';
import { entityById, entityByName } from '../entity-context';

function userOf(request: FastifyRequest): Caller | null {
  const user = request.currentUser;
  if (!user) return null;
  return {
    id: user.Id,
    name: user.Name,
    isAdmin: user.IsAdmin,
    subject: subjectOf(request),
    companyId: request.companyId,
    sessionId: request.sessionId,
    roleIds: request.roleIds,
  };
}

/** The caller of an engine route: what they hold, how the change log names them, who they are. */
export function entityCallerOf(request: FastifyRequest): EntityCaller {
  const user = userOf(request);
  return {
    subject: subjectOf(request),
    actor: { id: user?.id ?? null, name: user?.name ?? 'anonymous' },
    user,
  };
}

/** The request's caller's access to the data source with this id (404 when absent or unserved). */
export async function accessById(request: FastifyRequest, id: number): Promise<EntityAccess> {
  const app = request.server;
  const entity = await entityById(app.db, id);
  return reachedAccess(app.db, app.entityHooks, entity, entityCallerOf(request));
}

/** The same by data source name (case-insensitive). */
export async function accessByName(request: FastifyRequest, name: string): Promise<EntityAccess> {
  const app = request.server;
  const entity = await entityByName(app.db, name);
  return reachedAccess(app.db, app.entityHooks, entity, entityCallerOf(request));
}
