import { systemPermissionIdLimit } from '#metadata';
import type { EntityExtension } from '#platform/ui';

/**
 * The permissions' screens: a built-in permission (id under 1000, named by the server's
 * checks) offers no Delete; its code is read-only in its form (the schema says so).
 */
export const permissionEditor: EntityExtension = {
  rowActionOffered: (action, row) =>
    action.Type !== 'Delete' || !(Number(row.Id) < systemPermissionIdLimit),
};
