import type { Kysely } from 'kysely';
import type { CurrentUser } from '#metadata';
import type { Database } from '../../db/schema';
import { findSessionWithUser, revokeSession, touchSession } from './repositories/sessions';
import { securitySettings } from './security-settings';

export interface ResolvedSession {
  sessionId: string;
  user: CurrentUser;
  /** The user's company, when they belong to one. */
  companyId: number | null;
  permissions: string[];
  /** The ids of the user's roles, which a data source's row and field rules name. */
  roleIds: number[];
}

/** How often a session's last-seen time is written: not on every request. */
const touchEveryMs = 30_000;

/**
 * The signed-in user behind a session id, or null when the session is unknown, revoked,
 * expired, idle for longer than allowed (sessions without "remember me"), or its user is no
 * longer active. Permissions are read afresh, so role changes apply to the next request.
 */
export async function resolveSession(
  db: Kysely<Database>,
  sessionId: string,
  now = new Date(),
): Promise<ResolvedSession | null> {
  const session = await findSessionWithUser(db, sessionId);
  if (!session || session.revokedAt || session.expiresAt <= now) return null;
  const settings = await securitySettings(db);
  const idleMs = now.getTime() - session.lastSeenAt.getTime();
  if (!session.remember && idleMs > settings.idleTimeoutMinutes * 60_000) {
    await revokeSession(db, session.sessionId);
    return null;
  }
  if (!session.active) {
    await revokeSession(db, session.sessionId);
    return null;
  }
  if (idleMs > touchEveryMs) {
    const extended = session.remember
      ? new Date(now.getTime() + settings.rememberMeDays * 86_400_000)
      : undefined;
    await touchSession(db, session.sessionId, now, extended);
  }
  return {
    sessionId: session.sessionId,
    user: {
      Id: session.id,
      Name: session.name,
      FirstName: session.firstName,
      Surname: session.surname,
      FullName: [session.firstName, session.surname].filter(Boolean).join(' ') || session.name,
      Email: session.email,
      IsAdmin: Boolean(session.isAdmin),
      Language: session.languageId,
    },
    companyId: session.companyId,
    permissions: [...session.permissions].sort(),
    roleIds: [...session.roleIds],
  };
}
