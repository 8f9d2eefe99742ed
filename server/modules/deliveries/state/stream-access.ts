import type { Kysely } from 'kysely';
import { hasPermission } from '#platform/core';
import type { Database } from '../../../db/schema';
import { findSessionWithUser } from '../../../repositories/sessions';
import { securitySettings } from '../../../services/security-settings';

/**
 * Whether the session behind an open stream still holds `permission`: live (not revoked,
 * expired or idle too long), its user active, the permission still among theirs. Unlike a
 * request it does not count as activity: an open stream must not keep an idle session alive.
 */
export async function sessionStillAllows(
  db: Kysely<Database>,
  sessionId: string | null,
  permission: string,
  now = new Date(),
): Promise<boolean> {
  if (!sessionId) return false;
  const session = await findSessionWithUser(db, sessionId);
  if (!session || session.revokedAt || session.expiresAt <= now || !session.active) return false;
  const { idleTimeoutMinutes } = await securitySettings(db);
  const idleMs = now.getTime() - session.lastSeenAt.getTime();
  if (!session.remember && idleMs > idleTimeoutMinutes * 60_000) return false;
  return hasPermission(permission, { authenticated: true, permissions: [...session.permissions] });
}
