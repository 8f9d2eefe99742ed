import { AppError } from '../../../errors/app-error';
import { type Caller, callerMay } from './caller';

export interface CheckedInput {
  Id: number;
  IsChecked: boolean;
}

export function unknownIdsError(field: string, what: string, ids: number[]): AppError {
  const message = `${what} ${ids.join(', ')} ${ids.length === 1 ? 'does' : 'do'} not exist.`;
  return new AppError('BadRequest', message, [{ Field: field, Message: message }]);
}

export const mayAssignRoles = (caller: Caller) =>
  callerMay(caller, 'ManageRoles,AssignUsersToRoles');

export interface RoleChange {
  id: number;
  name: string;
  isAdmin: boolean;
  added: boolean;
}

/**
 * May the caller make these changes to a user's roles? Nobody grants themselves a role or
 * changes their own roles unless they are an administrator, administrators keep their own
 * administrator roles, only administrators grant or remove an administrator role, and a
 * caller limited to `assignable` roles (see rolesCallerMayAssign) touches no other role.
 */
export function assertMayChangeRoles(
  caller: Caller,
  targetUserId: number | null,
  changes: RoleChange[],
  assignable: ReadonlySet<number> | null,
) {
  if (changes.length === 0) return;
  if (targetUserId === caller.id) {
    if (!caller.isAdmin) throw new AppError('Forbidden', 'You cannot change your own roles.');
    if (changes.some((c) => c.added)) {
      throw new AppError('Forbidden', 'You cannot grant yourself a role.');
    }
    if (changes.some((c) => c.isAdmin && !c.added)) {
      const message = 'You cannot remove the administrator role from your own account.';
      throw new AppError('BadRequest', message, [{ Field: 'Roles', Message: message }]);
    }
  }
  if (changes.some((c) => c.isAdmin) && !caller.isAdmin) {
    throw new AppError(
      'Forbidden',
      'Only an administrator can grant or remove an administrator role.',
    );
  }
  const refused = assignable ? changes.filter((c) => !assignable.has(c.id)) : [];
  if (refused.length > 0) {
    const names = refused.map((c) => `'${c.name}'`).join(', ');
    throw new AppError(
      'Forbidden',
      `You can only give or take away the roles delegated to your roles, not ${names}.`,
    );
  }
}

export function assertNoQueryGroupToggled(changedQueryGroups: number, field = 'Groups') {
  if (changedQueryGroups === 0) return;
  const message = 'The members of a query group come from its query and cannot be toggled.';
  throw new AppError('BadRequest', message, [{ Field: field, Message: message }]);
}

/**
 * The company a user ends up in. Callers holding ManageCompanies place users anywhere;
 * callers holding only CanViewCompany move users into or out of their own company, never
 * their own account; anyone else cannot change it, and their posted Company is ignored.
 */
export function resolveCompany(
  caller: Caller,
  targetUserId: number | null,
  current: number | null,
  requested: number | null | undefined,
): number | null {
  if (requested === undefined || requested === current) return current;
  if (callerMay(caller, 'ManageCompanies')) return requested;
  if (!callerMay(caller, 'CanViewCompany')) return current;
  if (targetUserId === caller.id) {
    throw new AppError('Forbidden', 'You cannot change your own company.');
  }
  const own = (id: number | null) => id === null || id === caller.companyId;
  if (caller.companyId === null || !own(current) || !own(requested)) {
    throw new AppError('Forbidden', 'You can only place users in your own company.');
  }
  return requested;
}
