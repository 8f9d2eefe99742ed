import { useCallback } from 'react';
import { hasPermission } from '#platform/core';
import { useSession } from '../auth';

/** `can(permission)`: whether the signed-in user may use what the permission guards. */
export function useCan(): (permission: string | undefined) => boolean {
  const permissions = useSession((state) => state.permissions);
  const authenticated = useSession((state) => state.authenticated);
  return useCallback(
    (permission: string | undefined) =>
      permission === undefined || hasPermission(permission, { permissions, authenticated }),
    [permissions, authenticated],
  );
}
