import { isDeepStrictEqual } from 'node:util';
import { type RawBuilder, sql } from 'kysely';
import type { ColumnSpec } from './column-specs';
import { checkSql, columnDefinition, conversionOf, literalOf, ref } from './ddl-sql';
import { constraintNames, tableOf, userTableSchema } from './names';

/** A user table's physical shape: its columns and the column of its key. */
export interface TableShape {
  dataSourceId: number;
  columns: ColumnSpec[];
  keyColumn: string;
}

/**
 * Why a step failed, as the message can say it: read from the table as it was before, so
 * `value` is what the column's values would be after the change, in terms of that table (a
 * converted column, or the default a new column fills its rows with).
 */
export type Explanation =
  | { kind: 'convert'; from: ColumnSpec; to: ColumnSpec }
  | { kind: 'required'; value: RawBuilder<unknown>; column: ColumnSpec }
  | { kind: 'check'; value: RawBuilder<unknown>; column: ColumnSpec }
  | { kind: 'unique'; value: RawBuilder<unknown>; column: ColumnSpec; key: boolean };

/** One DDL statement, the field it concerns and how to explain its failure. */
export interface DdlStep {
  sql: RawBuilder<unknown>;
  field: string | null;
  explain?: Explanation;
}

const systemColumnsSql = sql`created_at timestamptz not null default now(),
  created_by integer,
  updated_at timestamptz not null default now(),
  updated_by integer,
  version integer not null default 1`;

/**
 * A column's values after a change, as the table before it can compute them: the column
 * itself, its values converted to the new type, or, for a column the change adds, its default
 * (which the rows there are take) or null.
 */
function valuesAfter(spec: ColumnSpec, old: ColumnSpec | undefined): RawBuilder<unknown> {
  if (!old) {
    return spec.defaultValue === undefined
      ? sql`cast(null as ${sql.raw(spec.sqlType)})`
      : literalOf(spec, spec.defaultValue);
  }
  return old.sqlType === spec.sqlType ? ref(spec.column) : conversionOf(old, spec);
}

/**
 * The steps that add a column's check (after the column has its type): a pattern is compiled
 * by the database first, which may not read every pattern JavaScript does (an empty table
 * would never run it, and every row saved later would fail).
 */
function checkSteps(shape: TableShape, spec: ColumnSpec, value: RawBuilder<unknown>): DdlStep[] {
  if (!spec.check) return [];
  const names = constraintNames(shape.dataSourceId);
  const table = sql.table(tableOf(shape.dataSourceId));
  const steps: DdlStep[] = [];
  if (spec.check.pattern !== undefined) {
    steps.push({
      sql: sql`select ${sql.lit('')} ~ ${sql.lit(spec.check.pattern)}`,
      field: spec.field,
    });
  }
  steps.push({
    sql: sql`alter table ${table} add constraint ${ref(names.check(spec.column))}
      check (${checkSql(ref(spec.column), spec.check)})`,
    field: spec.field,
    explain: { kind: 'check', value, column: spec },
  });
  return steps;
}

/** The step that makes a column's values unique (after the column has its type). */
function uniqueSteps(shape: TableShape, spec: ColumnSpec, value: RawBuilder<unknown>): DdlStep[] {
  if (!spec.unique) return [];
  const names = constraintNames(shape.dataSourceId);
  return [
    {
      sql: sql`alter table ${sql.table(tableOf(shape.dataSourceId))}
        add constraint ${ref(names.unique(spec.column))} unique (${ref(spec.column)})`,
      field: spec.field,
      explain: { kind: 'unique', value, column: spec, key: false },
    },
  ];
}

/**
 * A scalar column's index, in the order the engine lists rows: an optional field's nulls come
 * first ascending (last descending, read backwards), so a sorted page reads the index alone.
 */
function indexStep(shape: TableShape, spec: ColumnSpec): DdlStep {
  const names = constraintNames(shape.dataSourceId);
  const nulls = spec.notNull ? sql`` : sql` nulls first`;
  return {
    sql: sql`create index ${ref(names.index(spec.column))}
      on ${sql.table(tableOf(shape.dataSourceId))} (${ref(spec.column)}${nulls}, id)`,
    field: spec.field,
  };
}

function dropIndexStep(shape: TableShape, spec: ColumnSpec): DdlStep {
  const name = constraintNames(shape.dataSourceId).index(spec.column);
  return { sql: sql`drop index if exists ${sql.table(`${userTableSchema}.${name}`)}`, field: null };
}

/** The steps that create a new user table with its constraints and indexes. */
export function createSteps(shape: TableShape): DdlStep[] {
  const names = constraintNames(shape.dataSourceId);
  const columns = shape.columns.map((spec) => columnDefinition(spec, true));
  const keys = [sql`constraint ${ref(names.primaryKey)} primary key (${ref(shape.keyColumn)})`];
  if (shape.keyColumn !== 'id') keys.push(sql`constraint ${ref(names.idKey)} unique (id)`);
  const steps: DdlStep[] = [
    {
      sql: sql`create table ${sql.table(tableOf(shape.dataSourceId))} (
        id integer generated always as identity,
        ${sql.join([...columns, systemColumnsSql, ...keys])})`,
      field: null,
    },
  ];
  for (const spec of shape.columns) {
    const value = ref(spec.column);
    steps.push(...checkSteps(shape, spec, value), ...uniqueSteps(shape, spec, value));
    if (spec.indexed) steps.push(indexStep(shape, spec));
  }
  return steps;
}

/** What changed in a column kept by a save. */
function columnChanges(before: ColumnSpec, after: ColumnSpec) {
  const retyped = before.sqlType !== after.sqlType;
  return {
    retyped,
    check: retyped || !isDeepStrictEqual(before.check, after.check),
    unique: retyped || before.unique !== after.unique,
    fallback: retyped || !isDeepStrictEqual(before.defaultValue, after.defaultValue),
    notNull: before.notNull !== after.notNull,
  };
}

/**
 * The steps that turn a user table of shape `before` into `after`, in an order that always
 * works: constraints that may stand in the way go first, then columns go, change type and
 * come, then the new constraints, the key and the indexes. Each step that depends on the
 * data explains its failure by what the data holds.
 */
export function alterSteps(before: TableShape, after: TableShape): DdlStep[] {
  const id = after.dataSourceId;
  const names = constraintNames(id);
  const table = sql.table(tableOf(id));
  const alter = (body: RawBuilder<unknown>, field: string | null = null): DdlStep => ({
    sql: sql`alter table ${table} ${body}`,
    field,
  });
  const beforeById = new Map(before.columns.map((spec) => [spec.fieldId, spec]));
  const afterIds = new Set(after.columns.map((spec) => spec.fieldId));
  const keyMoves = before.keyColumn !== after.keyColumn;
  const steps: DdlStep[] = [];

  if (keyMoves) steps.push(alter(sql`drop constraint ${ref(names.primaryKey)}`));
  for (const spec of before.columns) {
    if (!afterIds.has(spec.fieldId)) steps.push(alter(sql`drop column ${ref(spec.column)}`));
  }
  const late: DdlStep[] = [];
  for (const spec of after.columns) {
    const old = beforeById.get(spec.fieldId);
    if (!old) {
      const value = valuesAfter(spec, undefined);
      steps.push(alter(sql`add column ${columnDefinition(spec, false)}`, spec.field));
      if (spec.notNull) {
        late.push({
          ...alter(sql`alter column ${ref(spec.column)} set not null`, spec.field),
          explain: { kind: 'required', value, column: spec },
        });
      }
      late.push(...checkSteps(after, spec, value), ...uniqueSteps(after, spec, value));
      if (spec.indexed) late.push(indexStep(after, spec));
      continue;
    }
    const changes = columnChanges(old, spec);
    const column = ref(spec.column);
    if (changes.check && old.check) {
      steps.push(alter(sql`drop constraint if exists ${ref(names.check(spec.column))}`));
    }
    if (changes.unique && old.unique) {
      steps.push(alter(sql`drop constraint if exists ${ref(names.unique(spec.column))}`));
    }
    if (changes.fallback && old.defaultValue !== undefined) {
      steps.push(alter(sql`alter column ${column} drop default`));
    }
    if (changes.notNull && !spec.notNull)
      steps.push(alter(sql`alter column ${column} drop not null`));
    // An index whose column becomes JSON goes; one whose nulls change place is made again.
    const reindexed = old.indexed && spec.indexed && !changes.retyped && changes.notNull;
    if ((changes.retyped && old.indexed && !spec.indexed) || reindexed) {
      steps.push(dropIndexStep(after, spec));
    }
    if (reindexed) late.push(indexStep(after, spec));
    if (changes.retyped) {
      steps.push({
        ...alter(
          sql`alter column ${column} type ${sql.raw(spec.sqlType)} using ${conversionOf(old, spec)}`,
          spec.field,
        ),
        explain: { kind: 'convert', from: old, to: spec },
      });
      if (!old.indexed && spec.indexed) late.push(indexStep(after, spec));
    }
    if (changes.fallback && spec.defaultValue !== undefined) {
      steps.push(
        alter(sql`alter column ${column} set default ${literalOf(spec, spec.defaultValue)}`),
      );
    }
    const value = valuesAfter(spec, old);
    if (changes.notNull && spec.notNull) {
      // A field made required with a default: the rows without a value take it, as the rows
      // of a required field added with a default do.
      if (spec.defaultValue !== undefined) {
        late.push({
          sql: sql`update ${table} set ${column} = default where ${column} is null`,
          field: spec.field,
        });
      }
      late.push({
        ...alter(sql`alter column ${column} set not null`, spec.field),
        explain: { kind: 'required', value, column: spec },
      });
    }
    if (changes.check) late.push(...checkSteps(after, spec, value));
    if (changes.unique) late.push(...uniqueSteps(after, spec, value));
  }
  steps.push(...late);
  if (keyMoves) {
    const keySpec = after.columns.find((spec) => spec.column === after.keyColumn);
    steps.push({
      ...alter(sql`add constraint ${ref(names.primaryKey)} primary key (${ref(after.keyColumn)})`),
      field: keySpec?.field ?? null,
      ...(keySpec
        ? {
            explain: {
              kind: 'unique',
              value: valuesAfter(keySpec, beforeById.get(keySpec.fieldId)),
              column: keySpec,
              key: true,
            },
          }
        : {}),
    });
    if (before.keyColumn === 'id')
      steps.push(alter(sql`add constraint ${ref(names.idKey)} unique (id)`));
    if (after.keyColumn === 'id')
      steps.push(alter(sql`drop constraint if exists ${ref(names.idKey)}`));
  }
  return steps;
}
