import { isDeepStrictEqual } from 'node:util';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError, type FieldError } from '../../errors/app-error';
import { compiledSchema } from '../validation';
import type { ColumnSpec } from './column-specs';
import type { TableShape } from './ddl-plan';
import { tableOf } from './names';

type Trx = Transaction<Database>;

const sampleSize = 5;
const batchSize = 5_000;

const fieldError = (field: string, Message: string): FieldError => ({
  Field: `SchemaDefinition/${field}`,
  Message,
});

const shown = (value: unknown) => JSON.stringify(value).slice(0, 80);

/** How many rows hold a value in each of these columns. */
async function filledCounts(trx: Trx, id: number, columns: readonly ColumnSpec[]) {
  if (columns.length === 0) return new Map<string, number>();
  const counts = columns.map(
    (spec) => sql`count(${sql.ref(spec.column)})::integer as ${sql.ref(spec.column)}`,
  );
  const result = await sql<Record<string, number>>`select ${sql.join(counts)}
    from ${sql.table(tableOf(id))}`.execute(trx.withoutPlugins());
  const row = result.rows[0] ?? {};
  return new Map(columns.map((spec) => [spec.column, Number(row[spec.column] ?? 0)]));
}

/**
 * Removing fields that hold data deletes it: refused unless the save confirms it, with a
 * message naming each field and how many rows would lose their value.
 */
async function confirmDataLoss(
  trx: Trx,
  before: TableShape,
  after: TableShape,
  confirmed: boolean,
) {
  if (confirmed) return;
  const kept = new Set(after.columns.map((spec) => spec.fieldId));
  const removed = before.columns.filter((spec) => !kept.has(spec.fieldId));
  const counts = await filledCounts(trx, before.dataSourceId, removed);
  const losing = removed.filter((spec) => (counts.get(spec.column) ?? 0) > 0);
  if (losing.length === 0) return;
  const errors = losing.map((spec) =>
    fieldError(
      spec.field,
      `holds data in ${counts.get(spec.column)} rows that removing it deletes`,
    ),
  );
  const names = losing.map((spec) => spec.field).join(', ');
  throw new AppError(
    'BadRequest',
    `Removing ${names} deletes the data it holds. Confirm to remove it.`,
    errors,
    { flags: { NeedsConfirmation: true } },
  );
}

/** Values of a JSON column that the field's new schema refuses (a few, as samples). */
async function refusedJson(trx: Trx, id: number, spec: ColumnSpec): Promise<unknown[]> {
  const { 'x-field-id': _id, 'x-unique': _unique, ...rules } = spec.schema;
  const validate = compiledSchema(rules);
  const refused: unknown[] = [];
  let after = 0;
  for (;;) {
    const result = await sql<{ id: number; v: unknown }>`select id, ${sql.ref(spec.column)} as v
      from ${sql.table(tableOf(id))} where id > ${after} and ${sql.ref(spec.column)} is not null
      order by id limit ${batchSize}`.execute(trx.withoutPlugins());
    for (const row of result.rows) {
      if (!validate(structuredClone(row.v))) refused.push(row.v);
      if (refused.length >= sampleSize) return refused;
    }
    if (result.rows.length < batchSize) return refused;
    after = result.rows.at(-1)!.id;
  }
}

/**
 * A JSON field (Array, Object) keeps only values its schema accepts: a field becoming one
 * from a single value, or whose inner fields changed, is refused while rows hold values
 * that would not fit, naming a few of them.
 */
async function checkJsonValues(trx: Trx, before: TableShape, after: TableShape) {
  const old = new Map(before.columns.map((spec) => [spec.fieldId, spec]));
  for (const spec of after.columns) {
    const previous = old.get(spec.fieldId);
    if (!previous || spec.sqlType !== 'jsonb') continue;
    if (previous.sqlType !== 'jsonb') {
      const counts = await filledCounts(trx, after.dataSourceId, [previous]);
      if ((counts.get(previous.column) ?? 0) === 0) continue;
      throw new AppError(
        'BadRequest',
        `${spec.field} cannot become ${spec.type} while rows hold values in it.`,
        [fieldError(spec.field, `cannot become ${spec.type} while rows hold values in it`)],
      );
    }
    const strip = (field: ColumnSpec) => {
      const { 'x-field-id': _id, 'x-unique': _unique, title: _title, ...rules } = field.schema;
      return rules;
    };
    if (isDeepStrictEqual(strip(previous), strip(spec))) continue;
    const refused = await refusedJson(trx, after.dataSourceId, spec);
    if (refused.length === 0) continue;
    const message = `${spec.field}: these values do not fit its new fields: ${refused.map(shown).join(', ')}.`;
    throw new AppError('BadRequest', message, [fieldError(spec.field, message)]);
  }
}

/**
 * A type change is lossless or fails; a DateTime would become its date (in UTC), dropping its
 * time of day: refused while rows hold one.
 */
async function refuseLostTimes(trx: Trx, before: TableShape, after: TableShape) {
  const old = new Map(before.columns.map((spec) => [spec.fieldId, spec]));
  for (const spec of after.columns) {
    const previous = old.get(spec.fieldId);
    if (previous?.sqlType !== 'timestamptz' || spec.sqlType !== 'date') continue;
    const utc = sql`(${sql.ref(previous.column)} at time zone 'UTC')`;
    const result = await sql<{ v: string }>`select distinct
        to_char(${utc}, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as v
      from ${sql.table(tableOf(after.dataSourceId))}
      where ${utc}::time <> time '00:00' limit ${sampleSize}`.execute(trx.withoutPlugins());
    if (result.rows.length === 0) continue;
    const values = result.rows.map((row) => `'${row.v}'`).join(', ');
    const message = `${spec.field} cannot become Date: these values would lose their time of day: ${values}.`;
    throw new AppError('BadRequest', message, [fieldError(spec.field, message)]);
  }
}

/** What a change of a user table must not do to its data, checked before any DDL runs. */
export async function guardTableChange(
  trx: Trx,
  before: TableShape,
  after: TableShape,
  confirmed: boolean,
): Promise<void> {
  await confirmDataLoss(trx, before, after, confirmed);
  await checkJsonValues(trx, before, after);
  await refuseLostTimes(trx, before, after);
}

/** Which of these columns of a user table hold a value in some row. */
export async function filledColumns(
  db: Kysely<Database>,
  dataSourceId: number,
  columns: readonly string[],
): Promise<string[]> {
  const filled: string[] = [];
  for (const column of columns) {
    const found = await sql`select 1 from ${sql.table(tableOf(dataSourceId))}
      where ${sql.ref(column)} is not null limit 1`.execute(db.withoutPlugins());
    if (found.rows.length > 0) filled.push(column);
  }
  return filled;
}
