import type { EntityEditContext, EntityRow, SchemaFormContext } from '#platform/ui';
import { useSession } from '#platform/ui';

/**
 * The user editor's rules (spec 6): an administrator editing their own account cannot
 * untick an admin role; query groups cannot be toggled (ui:options.disabledWhen).
 */
export function userFormContext(row: EntityRow, { t }: EntityEditContext): SchemaFormContext {
  const me = useSession.getState().user;
  const editingSelf = me !== null && row.Id === me.Id;
  return {
    itemDisabled: (field, item) =>
      field === 'Roles' && editingSelf && item.IsAdmin === true
        ? t('PAGES.USERS.OWN_ADMIN_ROLE')
        : false,
  };
}
