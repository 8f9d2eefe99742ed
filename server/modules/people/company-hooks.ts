import { sql } from 'kysely';
import { callerMay } from '../../services/engine/caller';
import type { EntityHooks } from '../../services/engine/entity-hooks';
import { signedIn } from './hook-support';

/** Companies: ManageCompanies reaches every company, CanViewCompany only the caller's own. */
export const companyHooks: EntityHooks = {
  rowScope(caller) {
    const user = signedIn(caller);
    if (user.isAdmin || callerMay(user, 'ManageCompanies')) return null;
    const own = user.companyId;
    return (eb) => (own === null ? eb.lit(false) : eb(sql.ref('companies.id'), '=', own));
  },
};
