import { hasPermission, type PermissionSubject } from '#platform/core';
import type { Actor } from './change-log';

/** A signed-in user making a call: who they are, whether they are an admin, what they hold. */
export interface Caller {
  id: number;
  /** The user name, as the change log names who made a change. */
  name: string;
  isAdmin: boolean;
  subject: PermissionSubject;
  /** The caller's own company, if any. */
  companyId: number | null;
  /** The session making the request, kept alive when callers change their own account. */
  sessionId: string | null;
  /** The ids of their roles: the row and field rules of a data source name roles. */
  roleIds: readonly number[];
}

export const callerMay = (caller: Caller, expression: string) =>
  hasPermission(expression, caller.subject);

/** The caller of an engine call: what they hold, how the change log names them, who they are. */
export interface EntityCaller {
  subject: PermissionSubject;
  actor: Actor;
  /** The signed-in user; null when signed out. */
  user: Caller | null;
  /** The installation itself (see systemCaller), whom no access rule narrows. */
  system?: true;
}

/**
 * The installation itself calling the engine (a job): it holds only `permissions`, no role's
 * row or field rules narrow it, and the change log names it `name`.
 */
export function systemCaller(name: string, permissions: readonly string[]): EntityCaller {
  return {
    subject: { authenticated: true, permissions },
    actor: { id: null, name },
    user: null,
    system: true,
  };
}
