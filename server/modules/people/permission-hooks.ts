import { systemPermissionIdLimit } from '#metadata';
import { AppError } from '../../errors/app-error';
import type { EntityHooks } from '../../engine/entity-hooks';

const isSystemPermission = (row: Record<string, unknown>) =>
  Number(row.Id) < systemPermissionIdLimit;

/**
 * Permissions: the system's own (ids below 1000) are never deleted and keep their codes, which
 * the server's checks name (`ManageUsers`); their names and flags stay editable. Applied on
 * every path: the spec's SavePermission and the generic `api/dataSources/{id}/data` writes.
 */
export const permissionHooks: EntityHooks = {
  prepareValues(values) {
    if (typeof values.Code === 'string') values.Code = values.Code.trim();
    if (typeof values.Name === 'string') values.Name = values.Name.trim();
  },
  async beforeWrite({ existing, values }) {
    if (existing && isSystemPermission(existing) && values.Code !== existing.Code) {
      const message = `'${String(existing.Code)}' is a system permission: its code cannot be changed.`;
      throw new AppError('BadRequest', `Code: ${message}`, [{ Field: 'Code', Message: message }]);
    }
  },
  async beforeDelete({ existing }) {
    if (isSystemPermission(existing)) {
      throw new AppError(
        'Conflict',
        `'${String(existing.Code)}' is a system permission and cannot be deleted.`,
      );
    }
  },
};
