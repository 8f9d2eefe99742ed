import type { EntityRow, SchemaFormContext } from '#platform/ui';
import { useSession } from '#platform/ui';
import i18next from 'i18next';

/**
 * The user editor's rules (spec 6): an administrator editing their own account cannot
 * untick an admin role; query groups cannot be toggled (ui:options.disabledWhen).
 */
export function userFormContext(row: EntityRow): SchemaFormContext {
  const me = useSession.getState().user;
  const editingSelf = me !== null && row.Id === me.Id;
  console.log('DBG ctx', row.Id, me?.Id);
  return {
    itemDisabled: (field, item) =>
      field === 'Roles' && editingSelf && item.IsAdmin === true
        ? i18next.t('PAGES.USERS.OWN_ADMIN_ROLE')
        : false,
  };
}
