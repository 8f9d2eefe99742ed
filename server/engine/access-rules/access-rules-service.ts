import type { Kysely, Transaction } from 'kysely';
import {
  type AccessRules,
  type AccessRulesView,
  dataSourceEntity,
  gridPageEntity,
} from '#metadata';
import { ODataError } from '#platform/core';
import type { Database } from '../../db/schema';
import { AppError, type FieldError } from '../../errors/app-error';
import { type Actor, fieldChanges, recordChange } from '../change-log';
import { staleSave } from '../concurrency';
import { type EngineEntity, entityById, forgetEntities } from '../entity-context';
import { storedDataSource } from '../user-tables/data-source-service';
import { parseRuleFilter, type StoredAccessRules } from './parsed-rules';
import { readerRoleIds } from './reader-roles';
import { ruleModel } from './rule-model';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** The designers' own data sources: rules there could lock their designers out. */
const designEntities = new Set<number>([gridPageEntity.id, dataSourceEntity.id]);

function refuseDesignEntity(id: number, name: string) {
  if (!designEntities.has(id)) return;
  throw new AppError(
    'Forbidden',
    `${name} takes no access rules: its rows are what the designers themselves edit.`,
  );
}

const empty = (): StoredAccessRules => ({ RowRules: [], FieldRules: [] });

/**
 * `GET api/dataSources/{id}/accessRules`: the rules as stored (none: empty lists, no
 * everyone-else rule), with the Version and the roles that may read the data source.
 */
export async function readAccessRules(db: Db | Trx, id: number): Promise<AccessRulesView> {
  const row = await storedDataSource(db, id);
  refuseDesignEntity(row.id, row.name);
  const stored = (row.accessRules as StoredAccessRules | null) ?? empty();
  const entity = await entityById(db, id);
  return {
    RowRules: stored.RowRules,
    OthersRule: stored.OthersRule ?? null,
    FieldRules: stored.FieldRules,
    Version: row.version,
    ReaderRoleIds: await readerRoleIds(db, entity.permissions.read),
  };
}

const blankToNull = (filter: string | null) => (filter?.trim() ? filter : null);

/** Each rule's problems, by the path of the value at fault (`RowRules[0].Read`). */
async function problemsOf(trx: Trx, entity: EngineEntity, rules: StoredAccessRules) {
  const errors: FieldError[] = [];
  const model = ruleModel(entity);
  const checkFilters = (rule: { Read: string | null; Write: string | null }, path: string) => {
    for (const side of ['Read', 'Write'] as const) {
      const text = rule[side];
      if (text === null) continue;
      const at = `${path}.${side}`;
      try {
        parseRuleFilter(text, model, at);
      } catch (error) {
        if (!(error instanceof ODataError)) throw error;
        errors.push({ Field: at, Message: error.message });
      }
    }
  };
  rules.RowRules.forEach((rule, index) => checkFilters(rule, `RowRules[${index}]`));
  if (rules.OthersRule) checkFilters(rules.OthersRule, 'OthersRule');
  const properties = Object.keys((entity.schema.properties ?? {}) as object);
  const keys = new Set([entity.primaryKeyField, entity.naturalKey, 'Version']);
  const seen = new Set<string>();
  rules.FieldRules.forEach((rule, index) => {
    const at = `FieldRules[${index}].Field`;
    if (!properties.includes(rule.Field)) {
      errors.push({ Field: at, Message: `${entity.name} has no field '${rule.Field}'.` });
    } else if (keys.has(rule.Field)) {
      errors.push({ Field: at, Message: `${rule.Field} identifies the row: it cannot be ruled.` });
    } else if (seen.has(rule.Field)) {
      errors.push({ Field: at, Message: `${rule.Field} has a rule already.` });
    }
    seen.add(rule.Field);
  });
  const named = [
    ...rules.RowRules.flatMap((rule, index) =>
      rule.RoleIds.map((id) => [`RowRules[${index}].RoleIds`, id] as const),
    ),
    ...rules.FieldRules.flatMap((rule, index) => [
      ...rule.HiddenFor.map((id) => [`FieldRules[${index}].HiddenFor`, id] as const),
      ...rule.ReadOnlyFor.map((id) => [`FieldRules[${index}].ReadOnlyFor`, id] as const),
    ]),
  ];
  const ids = [...new Set(named.map(([, id]) => id))];
  const known =
    ids.length === 0
      ? new Set<number>()
      : new Set(
          (await trx.selectFrom('roles').select('id').where('id', 'in', ids).execute()).map(
            (role) => role.id,
          ),
        );
  for (const [at, id] of named) {
    if (!known.has(id)) errors.push({ Field: at, Message: `There is no role with id ${id}.` });
  }
  return errors;
}

/**
 * `PUT api/dataSources/{id}/accessRules`: a data source's new rules (an absent OthersRule is
 * none), checked (filters against its fields with the rule variables, fields that exist and do
 * not identify the row, roles that exist; a 400 naming each value at fault), at the Version
 * read (else 409), with the data source's version moved on and a change-log entry; a refused
 * save changes nothing. The caller then announces the change to the other instances (see
 * announceDefinitionChange).
 */
export async function saveAccessRules(
  db: Db,
  id: number,
  body: AccessRules,
  actor: Actor,
): Promise<void> {
  if (body.Version === undefined) {
    throw new AppError('BadRequest', 'Version is required to change access rules.', [
      { Field: 'Version', Message: 'is required' },
    ]);
  }
  const others = body.OthersRule ?? null;
  // Stored only when there is one: rules saved before it existed read the same.
  const rules: StoredAccessRules = {
    RowRules: body.RowRules.map((rule) => ({
      RoleIds: rule.RoleIds,
      Read: blankToNull(rule.Read),
      Write: blankToNull(rule.Write),
    })),
    ...(others
      ? { OthersRule: { Read: blankToNull(others.Read), Write: blankToNull(others.Write) } }
      : {}),
    FieldRules: body.FieldRules,
  };
  try {
    await db.transaction().execute(async (trx) => {
      const row = await storedDataSource(trx, id);
      refuseDesignEntity(row.id, row.name);
      if (row.version !== body.Version) throw staleSave('data source');
      const entity = await entityById(trx, id);
      const errors = await problemsOf(trx, entity, rules);
      if (errors.length > 0) {
        throw new AppError('BadRequest', errors.map((e) => e.Message).join(' '), errors);
      }
      const none = rules.RowRules.length === 0 && rules.FieldRules.length === 0 && !others;
      const updated = await trx
        .updateTable('dataSources')
        .set((eb) => ({
          accessRules: none ? null : JSON.stringify(rules),
          version: eb('version', '+', 1),
        }))
        .where('id', '=', id)
        .where('version', '=', body.Version!)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw staleSave('data source');
      const before = { AccessRules: (row.accessRules as StoredAccessRules | null) ?? null };
      const after = { AccessRules: none ? null : rules };
      const changes = fieldChanges(before, after, ['AccessRules']);
      if (changes.length > 0) {
        await recordChange(trx, {
          entityType: 'DataSource',
          entityId: id,
          actionType: 1,
          actor,
          changes,
        });
      }
    });
  } finally {
    forgetEntities(db);
  }
}
