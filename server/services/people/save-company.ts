import type { Kysely } from 'kysely';
import { type CompanyView, companyContactTypes, type SaveCompanyRequest } from '#metadata';
import type { Database } from '../../db/schema';
import { AppError, type FieldError } from '../../errors/app-error';
import {
  companyNameTaken,
  deleteCompany,
  findCompany,
  insertCompany,
  listContacts,
  replaceContacts,
  updateCompany,
} from '../../repositories/companies';
import type { Caller } from './caller';
import { logPeopleChange } from './change-log';
import { managesCompanies, visibleCompany } from './company-access';
import { currentRow, isUniqueViolation, staleSave } from './concurrency';
import { companySnapshot } from './log-snapshots';

type Db = Kysely<Database>;
type CompanyRow = NonNullable<Awaited<ReturnType<typeof findCompany>>>;

const nameTaken = (name: string) => {
  const message = `A company named '${name}' already exists.`;
  return new AppError('BadRequest', message, [{ Field: 'CompanyName', Message: message }]);
};

export const companySummary = (company: CompanyRow) => ({
  Id: company.id,
  CompanyName: company.companyName,
  UsersNum: company.usersNum ?? 0,
  IsParameterised: company.isParameterised,
  Version: company.version,
});

export async function companyView(db: Db, company: CompanyRow): Promise<CompanyView> {
  const contacts = await listContacts(db, company.id);
  return {
    ...companySummary(company),
    Contacts: contacts.map((c) => ({
      Id: c.id,
      TypeId: c.typeId,
      Name: c.name,
      Email: c.email,
      Phone: c.phone,
    })),
  };
}

function checkContactTypes(contacts: NonNullable<SaveCompanyRequest['Contacts']>) {
  const known = new Set<number>(companyContactTypes.map((t) => t.Id));
  const errors: FieldError[] = contacts.flatMap((contact, index) =>
    known.has(contact.TypeId)
      ? []
      : [
          {
            Field: `Contacts.${index}.TypeId`,
            Message: `there is no contact type ${contact.TypeId}`,
          },
        ],
  );
  if (errors.length > 0) throw new AppError('BadRequest', 'A contact has an unknown type.', errors);
}

/**
 * `POST api/companies/SaveCompany` and `POST api/company`. ManageCompanies creates and edits
 * any company; CanViewCompany edits only the caller's own. Contacts, when given, replace them.
 */
export async function saveCompany(db: Db, caller: Caller, input: SaveCompanyRequest) {
  const id = input.Id ?? 0;
  if (id === 0 && !managesCompanies(caller)) {
    throw new AppError('Forbidden', 'You cannot create companies.');
  }
  const existing =
    id > 0 ? currentRow(await visibleCompany(db, caller, id), input.Version, 'company') : undefined;
  const name = input.CompanyName.trim();
  if (await companyNameTaken(db, name, id)) throw nameTaken(name);
  if (input.Contacts) checkContactTypes(input.Contacts);
  const values = {
    companyName: name,
    isParameterised: input.IsParameterised ?? existing?.isParameterised ?? false,
  };
  let savedId: number;
  try {
    savedId = await db.transaction().execute(async (trx) => {
      const before = existing && (await companySnapshot(trx, id));
      let companyId = id;
      if (!existing) companyId = await insertCompany(trx, values);
      else if (!(await updateCompany(trx, id, existing.version, values))) {
        throw staleSave('company');
      }
      if (input.Contacts) {
        const contacts = input.Contacts.map((c) => ({
          typeId: c.TypeId,
          name: c.Name.trim(),
          email: (c.Email ?? '').trim(),
          phone: (c.Phone ?? '').trim(),
        }));
        await replaceContacts(trx, companyId, contacts);
      }
      const after = await companySnapshot(trx, companyId);
      await logPeopleChange(trx, caller, 'Company', companyId, before, after);
      return companyId;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
  const saved = await findCompany(db, savedId);
  if (!saved) throw new AppError('NotFound', 'The company was deleted meanwhile.');
  return companyView(db, saved);
}

/** `GET api/companies/DeleteCompany/{id}`: its users stay, without a company. */
export async function removeCompany(db: Db, caller: Caller, id: number) {
  await db.transaction().execute(async (trx) => {
    const before = await companySnapshot(trx, id, true);
    if (!before || !(await deleteCompany(trx, id))) {
      throw new AppError('NotFound', 'The company does not exist.');
    }
    await logPeopleChange(trx, caller, 'Company', id, before, undefined);
  });
}
