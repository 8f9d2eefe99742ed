import type { Kysely } from 'kysely';
import { hasPermission } from '#platform/core';
import type { Database } from '../../../db/schema';
import type { EntityCaller } from '../../../engine/caller';
import { findSessionWithUser } from '../../sign-in/index';
import { securitySettings } from '../../sign-in/index';

/**
 * The caller behind an open stream's session while it still holds `permission`: live (not
 * revoked, expired or idle too long), its user active, the permission still among theirs;
 * else null. Read afresh each time, so a stream follows the caller's roles as they change.
 * Unlike a request it does not count as activity: an open stream must not keep an idle
 * session alive.
 */
export async function sessionCaller(
  db: Kysely<Database>,
  sessionId: string | null,
  permission: string,
  now = new Date(),
): Promise<EntityCaller | null> {
  if (!sessionId) return null;
  const session = await findSessionWithUser(db, sessionId);
  if (!session || session.revokedAt || session.expiresAt <= now || !session.active) return null;
  const { idleTimeoutMinutes } = await securitySettings(db);
  const idleMs = now.getTime() - session.lastSeenAt.getTime();
  if (!session.remember && idleMs > idleTimeoutMinutes * 60_000) return null;
  const subject = { authenticated: true, permissions: [...session.permissions] };
  if (!hasPermission(permission, subject)) return null;
  return {
    subject,
    actor: { id: session.id, name: session.name },
    user: {
      id: session.id,
      name: session.name,
      isAdmin: Boolean(session.isAdmin),
      subject,
      companyId: session.companyId,
      sessionId,
      roleIds: [...session.roleIds],
    },
  };
}

/** Whether the session behind an open stream still holds `permission` (see sessionCaller). */
export async function sessionStillAllows(
  db: Kysely<Database>,
  sessionId: string | null,
  permission: string,
  now = new Date(),
): Promise<boolean> {
  return (await sessionCaller(db, sessionId, permission, now)) !== null;
}
