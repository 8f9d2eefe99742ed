import { sql, type Kysely, type Transaction } from 'kysely';
import type { SortField } from '#metadata';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

type CompanyColumn = 'companies.id' | 'companies.companyName' | 'companies.isParameterised';

export const companySortColumns = {
  Id: ['companies.id'],
  CompanyName: ['companies.companyName'],
  IsParameterised: ['companies.isParameterised'],
} as const satisfies Record<SortField<'companies'>, readonly CompanyColumn[]>;

export interface CompanyPage {
  limit: number;
  offset: number;
  orderBy: readonly { column: CompanyColumn; desc: boolean }[];
}

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

export async function listCompanies(db: Db, onlyIds?: readonly number[], page?: CompanyPage) {
  let query = selectCompanies(db, onlyIds);
  if (!page) return query.orderBy('companies.companyName').orderBy('companies.id').execute();
  for (const { column, desc } of page.orderBy) query = query.orderBy(column, desc ? 'desc' : 'asc');
  return query.orderBy('companies.id').limit(page.limit).offset(page.offset).execute();
}

export async function countCompanies(db: Db, onlyIds?: readonly number[]): Promise<number> {
  let query = db
    .selectFrom('companies')
    .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('count'));
  if (onlyIds) {
    query = query.where((eb) =>
      onlyIds.length > 0 ? eb('companies.id', 'in', onlyIds) : eb.lit(false),
    );
  }
  return (await query.executeTakeFirstOrThrow()).count;
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
