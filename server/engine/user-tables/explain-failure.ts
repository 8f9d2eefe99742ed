import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { checkSql, textOf, textOfValue } from './ddl-sql';
import type { DdlStep, Explanation } from './ddl-plan';
import { tableOf } from './names';

/** How many offending values a message names. */
const sampleSize = 5;

const listed = (values: readonly unknown[]) =>
  values.map((value) => `'${String(value).slice(0, 60)}'`).join(', ');

function refused(field: string, message: string): AppError {
  return new AppError('BadRequest', message, [
    { Field: `SchemaDefinition/${field}`, Message: message },
  ]);
}

async function samples(
  db: Kysely<Database>,
  query: ReturnType<typeof sql<{ v: unknown }>>,
): Promise<unknown[]> {
  const result = await query.execute(db.withoutPlugins());
  return result.rows.map((row) => row.v);
}

/**
 * Why a step of a user table's DDL failed, in words that name the field and the values in
 * the way: read after the transaction rolled back, from the table as it still is.
 */
async function explanation(
  db: Kysely<Database>,
  dataSourceId: number,
  explain: Explanation,
): Promise<AppError> {
  const table = sql.table(tableOf(dataSourceId));
  switch (explain.kind) {
    case 'convert': {
      const { from, to } = explain;
      const text = textOf(from);
      const values = await samples(
        db,
        sql<{ v: unknown }>`select distinct ${text} as v from ${table}
          where ${sql.ref(from.column)} is not null
          and not udt.converts(${text}, ${to.sqlType}) limit ${sampleSize}`,
      );
      return refused(
        to.field,
        `${to.field} cannot become ${to.type}: these values would not convert: ${listed(values)}.`,
      );
    }
    case 'required': {
      const { value, column } = explain;
      const [row] = await samples(
        db,
        sql<{ v: unknown }>`select count(*)::integer as v from ${table} where ${value} is null`,
      );
      return refused(
        column.field,
        `${column.field} cannot be required: ${String(row ?? 'some')} rows have no value. Give it a default or fill them first.`,
      );
    }
    case 'check': {
      const { value, column } = explain;
      const values = await samples(
        db,
        sql<{ v: unknown }>`select distinct ${textOfValue(value)} as v from ${table}
          where not (${checkSql(value, column.check!)}) limit ${sampleSize}`,
      );
      return refused(
        column.field,
        `${column.field}: these values do not keep its rules: ${listed(values)}.`,
      );
    }
    case 'unique': {
      const { value, column, key } = explain;
      const values = await samples(
        db,
        sql<{ v: unknown }>`select ${textOfValue(value)} as v from ${table}
          where ${value} is not null group by ${value} having count(*) > 1 limit ${sampleSize}`,
      );
      const becomes = key ? 'the key' : 'unique';
      return refused(
        column.field,
        values.length > 0
          ? `${column.field} cannot be ${becomes}: these values are held by more than one row: ${listed(values)}.`
          : `${column.field} cannot be ${becomes}: some rows have no value.`,
      );
    }
  }
}

const errorCode = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';

/** A failure the data explains (a value that does not convert, a rule it breaks, ...). */
const isDataError = (error: unknown) => /^(22|23)/.test(errorCode(error));
/** The database could not compile a pattern a field gave. */
const isPatternError = (error: unknown) => errorCode(error) === '2201B';

/** A DDL step failed: the step, and what the database said. */
export class DdlStepFailed extends Error {
  constructor(
    readonly step: DdlStep,
    readonly reason: unknown,
  ) {
    super('A step of a user table change failed');
  }
}

/**
 * The error a failed save answers: the explained failure of its step, or, for a failure the
 * data does not explain, the original error (a server fault).
 */
export async function explainFailure(
  db: Kysely<Database>,
  dataSourceId: number,
  failure: DdlStepFailed,
): Promise<Error> {
  const { step, reason: cause } = failure;
  if (isPatternError(cause) && step.field) {
    return refused(step.field, `${step.field}: the database cannot check this pattern.`);
  }
  if (!isDataError(cause)) return cause instanceof Error ? cause : new Error(String(cause));
  if (step.explain) return explanation(db, dataSourceId, step.explain);
  const field = step.field ?? 'SchemaDefinition';
  return refused(field, `The table could not be changed for ${field}: its data does not allow it.`);
}
