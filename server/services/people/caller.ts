import { hasPermission, type PermissionSubject } from '#platform/core';

/** Who is asking: the signed-in user, whether they are an admin, and what they hold. */
export interface Caller {
  id: number;
  isAdmin: boolean;
  subject: PermissionSubject;
  /** The session making the request, kept alive when callers change their own account. */
  sessionId: string | null;
}

export const callerMay = (caller: Caller, expression: string) =>
  hasPermission(expression, caller.subject);
