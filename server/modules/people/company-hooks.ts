import { sql } from 'kysely';
import { AppError } from '../../errors/app-error';
import { bumpUserVersions } from './repositories/people-users';
import { callerMay } from '../../engine/caller';
import type { EntityHooks } from '../../engine/entity-hooks';
import { assertMayManageUser } from './rules/user-access';
import { signedIn } from './hook-support';
import { membershipNotInUse } from './rules/users-belong-to';

type Row = Record<string, unknown>;

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/**
 * Companies: ManageCompanies reaches and creates every company, CanViewCompany only edits the
 * caller's own. Members (`Users`, a user's one company) are changed only for users the caller
 * may manage; without ManageCompanies nobody takes users away from another company. While
 * users belong to no company (`GroupsAndCompanies.UsersBelongTo`), companies are closed.
 */
export const companyHooks: EntityHooks = {
  notInUse: (db) => membershipNotInUse(db, 'companies'),
  rowScope(caller) {
    const user = signedIn(caller);
    if (user.isAdmin || callerMay(user, 'ManageCompanies')) return null;
    const own = user.companyId;
    return (eb) => (own === null ? eb.lit(false) : eb(sql.ref('companies.id'), '=', own));
  },
  prepareValues(values) {
    values.CompanyName = trimmed(values.CompanyName);
    if (!Array.isArray(values.Contacts)) return;
    values.Contacts = (values.Contacts as unknown[]).map((contact) => {
      if (typeof contact !== 'object' || contact === null) return contact;
      const { Name, Email, Phone } = contact as Row;
      return {
        ...contact,
        Name: trimmed(Name),
        Email: trimmed(Email ?? ''),
        Phone: trimmed(Phone ?? ''),
      };
    });
  },
  async beforeWrite({ trx, caller, existing, collections }) {
    const user = signedIn(caller);
    const members = collections.Users;
    if (!members) return;
    const changed = [...members.added, ...members.removed];
    for (const userId of changed) await assertMayManageUser(trx, user, userId);
    if (callerMay(user, 'ManageCompanies') || members.added.length === 0) return;
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from users
      where id in (${sql.join(members.added)}) and company_id is not null
      and company_id <> ${Number(existing?.Id ?? 0)}`.execute(trx.withoutPlugins());
    if ((rows[0]?.n ?? 0) > 0) {
      throw new AppError('Forbidden', 'Some of these users belong to another company.');
    }
  },
  async afterWrite({ trx, collections }) {
    // A user editor opened before the move must not write the old company back.
    const members = collections.Users;
    if (members) await bumpUserVersions(trx, [...members.added, ...members.removed]);
  },
};
