import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSourceView, FieldRule, OthersRule, RowRule } from '#metadata';
import { putRules, roleIdOf, unitIdOf } from '../support/access-rules';
import { apiClient, type ApiClient } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  anySignedInUser,
  columnNameOf,
  createSource,
  rowsUrl,
  userIdOf,
} from '../support/user-tables';

/**
 * Random row and field rules over random rows of a user table, for two callers (`employee1`:
 * Staff, with a company and two units; `admin`: Administrator, with neither), with or without
 * a rule for everyone else (binding a caller no row rule names): whatever the rules, a list answers exactly the rows they let the caller read (counted so), the value list
 * only their values, a single read, a save and a delete answer 404 outside the read rules,
 * 403 outside the write rules and succeed inside, and no answer holds a field hidden from the
 * caller; the audit log, to the administrator (who holds ViewAuditLog), only the entries of
 * rows they read and of a deleted row, without the changes of hidden fields. The expected
 * rows come from evaluating the rules here, as OData defines them.
 * More runs: PROPERTY_RUNS=200; a failure again: PROPERTY_SEED=<seed>.
 */

interface Row {
  A: number;
  B: string | null;
  C: boolean;
}

/** A filter as generated: its text, and what it says of a row for a caller. */
interface Filter {
  text: string;
  /** null: it names a variable the caller lacks (the rule then allows no row). */
  test(row: Row, who: Who): boolean | null;
}

interface Who {
  name: 'employee1' | 'admin';
  roles: number[];
  userId: number;
  units: number[];
  company: number | null;
}

interface Filters {
  read: Filter | null;
  write: Filter | null;
}

interface Rules {
  rows: (Filters & { roles: number[] })[];
  /** The everyone-else rule; null: none. */
  others: Filters | null;
  fields: { field: 'B' | 'C'; hiddenFor: number[]; readOnlyFor: number[] }[];
}

let t: TestApp;
let client: ApiClient;
let source: DataSourceView;
let callers: Who[];
let roles: number[];
/** Values of A: the callers' units, ids and company, and others. */
let pool: number[];
const texts = ['x', 'y', "o'k"];

const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** Three-valued `and`/`or`/`not` of the filters, where null is "unbound": no row at all. */
const both = (a: boolean | null, b: boolean | null, or: boolean) =>
  a === null || b === null ? null : or ? a || b : a && b;

function atoms(): fc.Arbitrary<Filter> {
  const int = fc.constantFrom(...pool);
  const text = fc.constantFrom(...texts);
  const scalar = (name: '$CurrentUser' | '$CurrentCompany', of: (who: Who) => number | null) =>
    fc.constant<Filter>({
      text: `A eq ${name}`,
      test: (row, who) => (of(who) === null ? null : row.A === of(who)),
    });
  return fc.oneof(
    int.map((n) => ({ text: `A eq ${n}`, test: (row: Row) => row.A === n })),
    int.map((n) => ({ text: `A ne ${n}`, test: (row: Row) => row.A !== n })),
    fc.uniqueArray(int, { minLength: 1, maxLength: 3 }).map((ns) => ({
      text: `A in (${ns.join(', ')})`,
      test: (row: Row) => ns.includes(row.A),
    })),
    fc.constant<Filter>({
      text: 'A in $CurrentUserUnits',
      test: (row, who) => who.units.includes(row.A),
    }),
    scalar('$CurrentUser', (who) => who.userId),
    scalar('$CurrentCompany', (who) => who.company),
    text.map((s) => ({ text: `B eq ${quoted(s)}`, test: (row: Row) => row.B === s })),
    // `ne` is true of a null B, as OData has it.
    text.map((s) => ({ text: `B ne ${quoted(s)}`, test: (row: Row) => row.B !== s })),
    fc.constant<Filter>({ text: 'B eq null', test: (row) => row.B === null }),
    fc.uniqueArray(text, { minLength: 1, maxLength: 2 }).map((ss) => ({
      text: `B in (${ss.map(quoted).join(', ')})`,
      test: (row: Row) => row.B !== null && ss.includes(row.B),
    })),
    fc.constant<Filter>({ text: 'C', test: (row) => row.C }),
  );
}

function filterArb(): fc.Arbitrary<Filter> {
  const { expr } = fc.letrec<{ expr: Filter }>((tie) => ({
    expr: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      atoms(),
      (tie('expr') as fc.Arbitrary<Filter>).map((inner) => ({
        text: `not (${inner.text})`,
        test: (row: Row, who: Who) => {
          const value = inner.test(row, who);
          return value === null ? null : !value;
        },
      })),
      fc
        .tuple(
          tie('expr') as fc.Arbitrary<Filter>,
          tie('expr') as fc.Arbitrary<Filter>,
          fc.boolean(),
        )
        .map(([a, b, or]) => ({
          text: `(${a.text}) ${or ? 'or' : 'and'} (${b.text})`,
          test: (row: Row, who: Who) => both(a.test(row, who), b.test(row, who), or),
        })),
    ),
  }));
  return expr;
}

const rowsArb = () =>
  fc.array(
    fc.record({
      A: fc.constantFrom(...pool),
      B: fc.option(fc.constantFrom(...texts), { nil: null }),
      C: fc.boolean(),
    }),
    { maxLength: 10 },
  );

const roleSet = () => fc.uniqueArray(fc.constantFrom(...roles), { minLength: 1, maxLength: 2 });

const filtersArb = (): fc.Arbitrary<Filters> =>
  fc.record({
    read: fc.option(filterArb(), { nil: null, freq: 5 }),
    write: fc.option(filterArb(), { nil: null, freq: 3 }),
  });

const rulesArb = (): fc.Arbitrary<Rules> =>
  fc.record({
    rows: fc.array(
      fc.tuple(roleSet(), filtersArb()).map(([roles, filters]) => ({ roles, ...filters })),
      { maxLength: 3 },
    ),
    others: fc.option(filtersArb(), { nil: null, freq: 2 }),
    fields: fc.uniqueArray(
      fc.record({
        field: fc.constantFrom('B' as const, 'C' as const),
        hiddenFor: fc.uniqueArray(fc.constantFrom(...roles), { maxLength: 2 }),
        readOnlyFor: fc.uniqueArray(fc.constantFrom(...roles), { maxLength: 2 }),
      }),
      { maxLength: 2, selector: (rule) => rule.field },
    ),
  });

/** Whether the rules let the caller reach the row: for reading or for writing. */
function allows(rules: Rules, who: Who, row: Row, side: 'read' | 'write'): boolean {
  const named = rules.rows.filter((rule) => rule.roles.some((id) => who.roles.includes(id)));
  const binding = named.length > 0 || !rules.others ? named : [rules.others];
  if (binding.length === 0) return true;
  return binding.some((rule) => {
    const filter = rule[side];
    return filter === null || filter.test(row, who) === true;
  });
}

function hiddenFrom(rules: Rules, who: Who): string[] {
  return rules.fields
    .filter((rule) => rule.hiddenFor.some((id) => who.roles.includes(id)))
    .map((rule) => rule.field);
}

async function storeRows(rows: readonly Row[]): Promise<number[]> {
  const table = sql.table(`udt.t${source.Id}`);
  const [a, b, c] = ['A', 'B', 'C'].map((field) => sql.ref(columnNameOf(source, field)));
  const db = t.database.db.withoutPlugins();
  await sql`delete from ${table}`.execute(db);
  const ids: number[] = [];
  for (const row of rows) {
    const { rows: inserted } = await sql<{ id: number }>`insert into ${table} (${a}, ${b}, ${c})
      values (${row.A}, ${row.B}, ${row.C}) returning id`.execute(db);
    ids.push(inserted[0]!.id);
  }
  return ids;
}

/**
 * The change log's entries about the table, written afresh: one per stored row, naming A, B
 * and C, and one about a row since deleted (`gone`).
 */
async function storeEntries(ids: readonly number[]): Promise<number> {
  const db = t.database.db.withoutPlugins();
  const entityType = `UserTable${source.Id}`;
  await sql`delete from change_logs where entity_type = ${entityType}`.execute(db);
  const gone = Math.max(0, ...ids) + 1000;
  const changes = JSON.stringify(
    ['A', 'B', 'C'].map((Field) => ({
      Field,
      OldValue: null,
      NewValue: 1,
      ChangeText: `${Field}: 1`,
    })),
  );
  for (const id of [...ids, gone]) {
    await sql`insert into change_logs (entity_type, entity_id, action_type, user_name, changes)
      values (${entityType}, ${String(id)}, 0, 'someone', ${changes}::jsonb)`.execute(db);
  }
  return gone;
}

/**
 * The audit log (issue 33) as a caller holding ViewAuditLog reads it: the entries of the rows
 * they may read and of the row deleted, counted so, without the changes of hidden fields.
 */
async function checkChangeLog(rules: Rules, rows: Row[], ids: number[], context: string) {
  const gone = await storeEntries(ids);
  const $filter = encodeURIComponent(`EntityType eq 'UserTable${source.Id}'`);
  for (const who of callers) {
    const at = `change log as ${who.name}; ${context}`;
    const res = await client.get(
      who.name,
      `/odata/ChangeLogsOData?$count=true&$top=1000&$filter=${$filter}`,
    );
    if (who.name !== 'admin') {
      expect(res.statusCode, at).toBe(403);
      continue;
    }
    expect(res.statusCode, `${at} -> ${res.body}`).toBe(200);
    const page = res.json<{
      '@odata.count': number;
      value: { EntityId: string; Changes: { Field: string }[] }[];
    }>();
    const readable = ids.filter((_, index) => allows(rules, who, rows[index]!, 'read'));
    const expected = [...readable, gone].map(String).sort();
    expect(page.value.map((entry) => entry.EntityId).sort(), at).toEqual(expected);
    expect(page['@odata.count'], at).toBe(expected.length);
    const hidden = hiddenFrom(rules, who);
    const shown = ['A', 'B', 'C'].filter((field) => !hidden.includes(field));
    for (const entry of page.value) {
      expect(
        entry.Changes.map((change) => change.Field),
        at,
      ).toEqual(shown);
    }
  }
}

interface Probe {
  /** The row a read, a save and a delete are tried on (modulo the rows). */
  row: number;
}

async function checkCase(rules: Rules, rows: Row[], probe: Probe) {
  const RowRules: RowRule[] = rules.rows.map((rule) => ({
    RoleIds: rule.roles,
    Read: rule.read?.text ?? null,
    Write: rule.write?.text ?? null,
  }));
  const OthersRule: OthersRule = rules.others && {
    Read: rules.others.read?.text ?? null,
    Write: rules.others.write?.text ?? null,
  };
  const FieldRules: FieldRule[] = rules.fields.map((rule) => ({
    Field: rule.field,
    HiddenFor: rule.hiddenFor,
    ReadOnlyFor: rule.readOnlyFor,
  }));
  const context = `rules ${JSON.stringify({ RowRules, OthersRule, FieldRules })}; rows ${JSON.stringify(rows)}`;
  const saved = await putRules(client, source.Id, { RowRules, OthersRule, FieldRules });
  expect(saved.statusCode, `${context} -> ${saved.body}`).toBe(200);
  const ids = await storeRows(rows);
  const url = rowsUrl(source.Id);
  await checkChangeLog(rules, rows, ids, context);

  for (const who of callers) {
    const at = `${who.name}; ${context}`;
    const readable = ids.filter((_, index) => allows(rules, who, rows[index]!, 'read'));
    const hidden = hiddenFrom(rules, who);

    const list = await client.get(who.name, `${url}?$count=true&$top=1000`);
    expect(list.statusCode, `${at} -> ${list.body}`).toBe(200);
    const page = list.json<{ '@odata.count': number; value: Record<string, unknown>[] }>();
    expect(page.value.map((row) => row.Id as number).sort(), at).toEqual([...readable].sort());
    expect(page['@odata.count'], at).toBe(readable.length);
    for (const row of page.value) {
      for (const field of hidden) expect(row, at).not.toHaveProperty(field);
    }

    const values = await client.get(who.name, `/api/entities/${source.Name}/values/A`);
    const expectedValues = new Set(readable.map((id) => rows[ids.indexOf(id)]!.A));
    expect(new Set(values.json<number[]>()), at).toEqual(expectedValues);

    if (ids.length === 0) continue;
    const index = probe.row % ids.length;
    const id = ids[index]!;
    const row = rows[index]!;
    const canRead = allows(rules, who, row, 'read');
    const canWrite = canRead && allows(rules, who, row, 'write');
    const read = await client.get(who.name, `${url}/${id}`);
    expect(read.statusCode, `read ${id}; ${at}`).toBe(canRead ? 200 : 404);
    if (canRead) for (const field of hidden) expect(read.json(), at).not.toHaveProperty(field);

    const version = canRead ? read.json<{ Version: number }>().Version : 1;
    const put = await client.put(who.name, url, { Id: id, Json: { ...row, Version: version } });
    expect(put.statusCode, `save ${id}; ${at} -> ${put.body}`).toBe(
      canWrite ? 200 : canRead ? 403 : 404,
    );
    if (canWrite) for (const field of hidden) expect(put.json(), at).not.toHaveProperty(field);

    const deleted = await client.call(who.name, 'DELETE', `${url}/${id}`);
    expect(deleted.statusCode, `delete ${id}; ${at}`).toBe(canWrite ? 204 : canRead ? 403 : 404);
    const { rows: left } = await sql<{ n: number }>`select count(*)::integer as n
      from ${sql.table(`udt.t${source.Id}`)} where id = ${id}`.execute(t.database.db);
    expect(left[0]!.n, at).toBe(canWrite ? 0 : 1);
    if (canWrite) {
      ids.splice(index, 1);
      rows.splice(index, 1);
    }
  }
}

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  client = apiClient(t);
  const staff = await roleIdOf(t, 'Staff');
  const administrator = await roleIdOf(t, 'Administrator');
  roles = [staff, administrator, await roleIdOf(t, 'Manager')];
  const employee = await t.database.db
    .selectFrom('users')
    .select(['id', 'companyId'])
    .where('name', '=', 'employee1')
    .executeTakeFirstOrThrow();
  const units = [await unitIdOf(t, 'NTH01'), await unitIdOf(t, 'NTH02')];
  callers = [
    {
      name: 'employee1',
      roles: [staff],
      userId: employee.id,
      units,
      company: employee.companyId,
    },
    {
      name: 'admin',
      roles: [administrator],
      userId: await userIdOf(t, 'admin'),
      units: [],
      company: null,
    },
  ];
  pool = [...new Set([...units, await unitIdOf(t, 'STH01'), employee.id, employee.companyId!, 0])];
  source = await createSource(client, {
    Name: 'RuledRows',
    PrimaryKeyField: '',
    Permissions: anySignedInUser,
    SchemaDefinition: {
      type: 'object',
      properties: {
        A: { type: 'integer' },
        B: { type: 'string' },
        C: { type: 'boolean' },
      },
      required: ['A', 'C'],
    },
  });
});
afterAll(() => t.close());

describe('row and field rules', () => {
  it(
    'answer every caller exactly the rows and fields the rules allow, through every call',
    async () => {
      await fc.assert(
        fc.asyncProperty(rulesArb(), rowsArb(), fc.nat(), (rules, rows, row) =>
          checkCase(rules, rows, { row }),
        ),
        {
          numRuns: Number(process.env.PROPERTY_RUNS ?? 60),
          ...(process.env.PROPERTY_SEED ? { seed: Number(process.env.PROPERTY_SEED) } : {}),
          endOnFailure: true,
        },
      );
    },
    Number(process.env.PROPERTY_TIMEOUT ?? 60_000),
  );
});
