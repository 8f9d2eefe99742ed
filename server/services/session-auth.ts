import type { Kysely } from 'kysely';
import type { CurrentUser } from '#metadata';
import type { Database } from '../db/schema';
import { findSession, revokeSession, touchSession } from '../repositories/sessions';
import { findSessionUser, listUserPermissionCodes } from '../repositories/users';
import { securitySettings } from './security-settings';

export interface ResolvedSession {
  sessionId: string;
  user: CurrentUser;
  permissions: string[];
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
  const session = await findSession(db, sessionId);
  if (!session || session.revokedAt || session.expiresAt <= now) return null;
  const settings = await securitySettings(db);
  const idleMs = now.getTime() - session.lastSeenAt.getTime();
  if (!session.remember && idleMs > settings.idleTimeoutMinutes * 60_000) {
    await revokeSession(db, session.id);
    return null;
  }
  const [user, permissions] = await Promise.all([
    findSessionUser(db, session.userId),
    listUserPermissionCodes(db, session.userId),
  ]);
  if (!user?.active) {
    await revokeSession(db, session.id);
    return null;
  }
  if (idleMs > touchEveryMs) {
    const extended = session.remember
      ? new Date(now.getTime() + settings.rememberMeDays * 86_400_000)
      : undefined;
    await touchSession(db, session.id, now, extended);
  }
  const isAdmin = Boolean(user.isAdmin);
  return {
    sessionId: session.id,
    user: {
      Id: user.id,
      Name: user.name,
      FirstName: user.firstName,
      Surname: user.surname,
      FullName: [user.firstName, user.surname].filter(Boolean).join(' ') || user.name,
      Email: user.email,
      IsAdmin: isAdmin,
      Language: user.languageId,
    },
    permissions,
  };
}
