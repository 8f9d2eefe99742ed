import { hasPermission } from '#platform/core';
import { useSession } from './session-store';

/**
 * True when the signed-in user satisfies the permission expression; re-evaluated whenever
 * the session's permissions change.
 *
 * @example const canManage = usePermission('ManageUsers,AssignUsersToRoles');
 */
export function usePermission(expression: string | null | undefined): boolean {
  return useSession((state) => hasPermission(expression, state));
}

/**
 * True when the signed-in user is an administrator.
 *
 * @example const isAdmin = useIsAdmin();
 */
export function useIsAdmin(): boolean {
  return useSession((state) => state.user?.IsAdmin === true);
}
