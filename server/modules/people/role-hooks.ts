import { AppError } from '../../errors/app-error';
import type { EntityHooks } from '../../services/engine/entity-hooks';
import { fieldError, signedIn } from './hook-support';

/**
 * Roles: whether a role is an administrator role is set when it is created, by an
 * administrator; only administrators change or delete administrator roles, and administrator
 * roles are never deleted.
 */
export const roleHooks: EntityHooks = {
  async beforeWrite({ caller, existing, values }) {
    const user = signedIn(caller);
    if (!existing) {
      if (values.IsAdmin === true && !user.isAdmin) {
        throw new AppError('Forbidden', 'Only an administrator can create an administrator role.');
      }
      return;
    }
    if (values.IsAdmin !== existing.IsAdmin) {
      throw fieldError('IsAdmin', 'Whether a role is an administrator role cannot be changed.');
    }
    if (existing.IsAdmin === true && !user.isAdmin) {
      throw new AppError('Forbidden', 'Only an administrator can change an administrator role.');
    }
  },
  async beforeDelete({ existing }) {
    if (existing.IsAdmin === true) {
      throw new AppError(
        'Conflict',
        `'${String(existing.Name)}' is an administrator role and cannot be deleted.`,
        [],
        { asException: true },
      );
    }
  },
};
