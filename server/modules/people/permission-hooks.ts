import { systemPermissionIdLimit } from '#metadata';
import { AppError } from '../../errors/app-error';
import type { EntityHooks } from '../../engine/entity-hooks';

const isSystemPermission = (row: Record<string, unknown>) =>
  Number(row.Id) < systemPermissionIdLimit;

/** Permissions: the system's own (ids below 1000) are neither changed nor deleted. */
export const permissionHooks: EntityHooks = {
  prepareValues(values) {
    if (typeof values.Code === 'string') values.Code = values.Code.trim();
    if (typeof values.Name === 'string') values.Name = values.Name.trim();
  },
  async beforeWrite({ existing }) {
    if (existing && isSystemPermission(existing)) {
      throw new AppError('Conflict', 'System permissions cannot be changed.');
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
