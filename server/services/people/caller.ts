import { hasPermission, type PermissionSubject } from '#platform/core';

/** Who is asking: the signed-in user, whether they are an admin, and what they hold. */
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
}

export const callerMay = (caller: Caller, expression: string) =>
  hasPermission(expression, caller.subject);
