import type { Kysely } from 'kysely';
import type { GridPage } from '#metadata';
import type { Database } from '../../db/schema';
import { type Membership, usersBelongTo } from './rules/users-belong-to';

/** Fields of the Users page that exist only when users belong to groups or to companies. */
const membershipFields: readonly [field: string, kind: keyof Membership][] = [
  ['Groups', 'groups'],
  ['CompanyName', 'companies'],
];

/**
 * The Users page as the `GroupsAndCompanies.UsersBelongTo` setting has it (spec 6): without
 * the group column and field when groups are off, nor the company ones when companies are.
 */
export async function usersPage(page: GridPage, db: Kysely<Database>): Promise<GridPage> {
  const membership = await usersBelongTo(db);
  const off = membershipFields.filter(([, kind]) => !membership[kind]).map(([field]) => field);
  if (off.length === 0) return page;
  const form: Record<string, unknown> = { ...page.FormDefinition };
  for (const field of off) {
    const fieldUi = form[field];
    form[field] = { ...(typeof fieldUi === 'object' ? fieldUi : {}), 'ui:widget': 'hidden' };
  }
  return {
    ...page,
    Columns: page.Columns.filter((column) => !off.includes(column.Field)),
    FormDefinition: form,
  };
}
