import {
  type EntityEditContext,
  type EntityExtension,
  type EntityForm,
  type EntityRow,
  useSession,
} from '#platform/ui';
import { patchFields, readOnlyBecause } from './form-patch';

function isAdminField(isNew: boolean) {
  if (!isNew) return readOnlyBecause('PAGES.ROLES.IS_ADMIN_FIXED');
  const me = useSession.getState().user;
  return me?.IsAdmin ? undefined : readOnlyBecause('PAGES.ROLES.IS_ADMIN_ADMINS_ONLY');
}

/**
 * Whether a role is an administrator role is chosen when it is created, by an administrator;
 * an administrator role's permissions cannot be edited, nor any without ManageRoles (spec 5, 6).
 */
function roleForm(form: EntityForm, row: EntityRow, { can, isNew }: EntityEditContext) {
  return patchFields(form, {
    IsAdmin: isAdminField(isNew),
    Permissions:
      row.IsAdmin === true
        ? readOnlyBecause('PAGES.ROLES.ADMIN_PERMISSIONS')
        : can('ManageRoles')
          ? undefined
          : readOnlyBecause('PAGES.ROLES.PERMISSIONS_READ_ONLY'),
    DelegatedRoles: !can('ViewDelegatedRoles,ManageDelegatedRoles')
      ? { 'ui:widget': 'hidden' }
      : can('ManageDelegatedRoles')
        ? { 'ui:help': 'PAGES.ROLES.DELEGATED_HELP' }
        : readOnlyBecause('PAGES.ROLES.DELEGATED_READ_ONLY'),
  });
}

/** An administrator role holds every permission; the server refuses a list for one. */
const withoutAdminPermissions = (row: EntityRow): EntityRow =>
  row.IsAdmin === true ? { ...row, Permissions: undefined } : row;

/** The role editor. */
export const roleEditor: EntityExtension = {
  form: roleForm,
  beforeSave: withoutAdminPermissions,
};
