import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { PageKeys } from '../odata/index';

type Db = Kysely<Database> | Transaction<Database>;

/** `onlyIds` restricts the companies seen (a caller who may see only their own); absent: all. */
function selectCompanies(db: Db, onlyIds?: readonly number[]) {
  const query = db.selectFrom('companies').select((eb) => [
    'companies.id',
    'companies.companyName',
    'companies.isParameterised',
    'companies.version',
    eb
      .selectFrom('users')
      .select((sub) => sub.cast<number>(sub.fn.countAll(), 'integer').as('n'))
      .whereRef('users.companyId', '=', 'companies.id')
      .as('usersNum'),
  ]);
  if (!onlyIds) return query;
  return query.where((eb) =>
    onlyIds.length > 0 ? eb('companies.id', 'in', onlyIds) : eb.lit(false),
  );
}

export function findCompany(db: Db, id: number) {
  return selectCompanies(db).where('companies.id', '=', id).executeTakeFirst();
}

/** The companies of `onlyIds` (all when absent), by name. */
export async function listCompanies(db: Db, onlyIds?: readonly number[]) {
  return selectCompanies(db, onlyIds)
    .orderBy('companies.companyName')
    .orderBy('companies.id')
    .execute();
}

/** The companies of one page of a list, in the page's order. */
export async function listCompaniesOfPage(db: Db, page: PageKeys) {
  return selectCompanies(db)
    .innerJoin(page.as('page'), 'page.k', 'companies.id')
    .orderBy('page.n')
    .execute();
}

export async function companyNameTaken(db: Db, name: string, exceptId: number): Promise<boolean> {
  const row = await db
    .selectFrom('companies')
    .select('id')
    .where(sql<string>`lower(company_name)`, '=', name.toLowerCase())
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface CompanyValues {
  companyName: string;
  isParameterised: boolean;
}

export async function insertCompany(db: Db, values: CompanyValues) {
  const { id } = await db
    .insertInto('companies')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Updates the company if it still has the given version; false when it has not. */
export async function updateCompany(db: Db, id: number, version: number, values: CompanyValues) {
  const result = await db
    .updateTable('companies')
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteCompany(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('companies').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export function listContacts(db: Db, companyId: number) {
  return db
    .selectFrom('companyContacts')
    .select(['id', 'typeId', 'name', 'email', 'phone'])
    .where('companyId', '=', companyId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export interface ContactValues {
  typeId: number;
  name: string;
  email: string;
  phone: string;
}

export async function replaceContacts(db: Db, companyId: number, contacts: ContactValues[]) {
  await db.deleteFrom('companyContacts').where('companyId', '=', companyId).execute();
  if (contacts.length === 0) return;
  await db
    .insertInto('companyContacts')
    .values(contacts.map((contact, position) => ({ ...contact, companyId, position })))
    .execute();
}

/** The members of a company, by name. */
export function listCompanyMembers(db: Db, companyId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('companyId', '=', companyId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** The company of each given user (null when none). */
export function listCompaniesOfUsers(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'companyId']).where('id', 'in', userIds).execute();
}

/** Makes the users members of the company; answers how many changed company. */
export async function moveUsersToCompany(db: Db, companyId: number, userIds: readonly number[]) {
  const result = await db
    .updateTable('users')
    .set((eb) => ({ companyId, updatedAt: new Date(), version: eb('version', '+', 1) }))
    .where('id', 'in', userIds)
    .where((eb) => eb.or([eb('companyId', 'is', null), eb('companyId', '!=', companyId)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
