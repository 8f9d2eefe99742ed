import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';

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
