import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInEntities, dataSourceEntity, type EntityDefinition } from '#metadata';
import { type RulesInput, roleIdOf, setRules } from '../support/access-rules';
import { apiClient } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  anySignedInUser,
  createSource,
  insertRow,
  rowsUrl,
  storedRows,
} from '../support/user-tables';

/**
 * Who reaches which rows of every built-in entity, through every route that reaches them: the
 * generic engine routes (list, value list, row read, save, delete), the entity's own calls
 * (its metadata `api`: Get, Save, Delete) and other calls that reach its rows (a delivery's
 * what-if calls, SetNewState and SuggestChanges, count as reads). Each entity is tried on one
 * sensitive row: the administrator's account, the administrator role, a group and a company
 * outside the scoped callers' reach, a system permission. A refusal must leave the database as
 * it was.
 *
 * An entity added to `builtInEntities` fails this test until its row of expectations is written.
 */

const callers = [
  'anonymous',
  'employee1',
  'manager',
  'groupadmin',
  'companyadmin',
  'admin',
] as const;
type CallerName = (typeof callers)[number];
type Statuses = readonly [number, number, number, number, number, number];
type Action = 'list' | 'get' | 'save' | 'delete';

interface EntityExpectations {
  /** The row every caller tries. */
  target: (t: TestApp) => Promise<number>;
  /** The statuses for anonymous, employee1, manager, groupadmin, companyadmin, admin. */
  statuses: Record<Action, Statuses>;
  /** The entity's own calls that are not row calls of this entity, and why. */
  ownCallsDiffer?: Partial<Record<'get' | 'save' | 'delete', string>>;
  /** Further calls that reach the row as an action does, answered as the action's statuses. */
  alsoReachedBy?: Partial<Record<Action, (t: TestApp, id: number) => Promise<Call[]>>>;
}

const readers = (...who: CallerName[]): Statuses =>
  callers.map((c) =>
    c === 'anonymous' ? 401 : who.includes(c) ? 200 : 403,
  ) as unknown as Statuses;

const idOf = (table: string, column: string, value: string) => async (t: TestApp) => {
  const { rows } = await sql<{ id: number }>`select id from ${sql.table(table)}
    where ${sql.ref(column)} = ${value}`.execute(t.database.db);
  return rows[0]!.id;
};

const expectations: Record<string, EntityExpectations> = {
  Units: {
    target: idOf('units', 'code', 'NTH01'),
    statuses: {
      list: readers('manager', 'admin'),
      get: readers('manager', 'admin'),
      save: readers('manager', 'admin'),
      // Units are deactivated, never deleted.
      delete: [401, 403, 403, 403, 403, 403],
    },
  },
  Materials: {
    target: async (t) =>
      (
        await t.database.db
          .selectFrom('materials')
          .select('id')
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id,
    statuses: {
      list: readers('manager', 'admin'),
      get: readers('manager', 'admin'),
      save: readers('manager', 'admin'),
      delete: [401, 403, 403, 403, 403, 403],
    },
  },
  ChangeLogs: {
    // The first entry tells about the demo company, which the Manager may not read: to them
    // the entry does not exist, as the company does not (the audit log keeps every rule).
    target: async (t) =>
      Number(
        (
          await t.database.db
            .selectFrom('changeLogs')
            .select('id')
            .orderBy('id')
            .executeTakeFirstOrThrow()
        ).id,
      ),
    statuses: {
      list: readers('manager', 'admin'),
      get: [401, 403, 404, 403, 403, 200],
      // Written by the server only: nobody edits or deletes an entry.
      save: [401, 403, 403, 403, 403, 403],
      delete: [401, 403, 403, 403, 403, 403],
    },
    ownCallsDiffer: { save: 'SaveChangeLog adds a note; it never edits an entry' },
  },
  Users: {
    target: idOf('users', 'name', 'admin'),
    statuses: {
      list: readers('groupadmin', 'companyadmin', 'admin'),
      // Outside a group or company administrator's reach, the administrator does not exist.
      get: [401, 403, 403, 404, 404, 200],
      save: [401, 403, 403, 404, 404, 200],
      // Nobody deletes their own account.
      delete: [401, 403, 403, 404, 404, 400],
    },
  },
  Roles: {
    target: idOf('roles', 'name', 'Administrator'),
    statuses: {
      list: readers('groupadmin', 'companyadmin', 'admin'),
      get: readers('groupadmin', 'companyadmin', 'admin'),
      save: readers('admin'),
      // Administrator roles are never deleted.
      delete: [401, 403, 403, 403, 403, 409],
    },
  },
  Groups: {
    target: idOf('groups', 'name', 'South crews'),
    statuses: {
      list: readers('groupadmin', 'admin'),
      get: [401, 403, 403, 404, 403, 200],
      save: [401, 403, 403, 404, 403, 200],
      delete: [401, 403, 403, 404, 403, 204],
    },
  },
  Permissions: {
    target: idOf('permissions', 'code', 'ManageUsers'),
    statuses: {
      list: readers('admin'),
      get: readers('admin'),
      // System permissions are never deleted and keep their codes (people-permission-codes
      // .test.ts); saved as read, with their code, they stay editable.
      save: readers('admin'),
      delete: [401, 403, 403, 403, 403, 409],
    },
  },
  Companies: {
    target: idOf('companies', 'company_name', 'Rival Paving'),
    statuses: {
      list: readers('companyadmin', 'admin'),
      get: [401, 403, 403, 403, 404, 200],
      save: [401, 403, 403, 403, 404, 200],
      delete: [401, 403, 403, 403, 403, 204],
    },
  },
  Deliveries: {
    // A delivery of a southern plant: not one of employee1's units (NTH01, NTH02).
    target: async (t) =>
      (
        await t.database.db
          .selectFrom('deliveries')
          .innerJoin('units', 'units.id', 'deliveries.unitId')
          .select('deliveries.id')
          .where('units.code', '=', 'STH01')
          .orderBy('deliveries.id')
          .executeTakeFirstOrThrow()
      ).id,
    statuses: {
      // Every member of staff reads every delivery (others' read-only).
      list: readers('employee1', 'manager', 'groupadmin', 'companyadmin', 'admin'),
      get: readers('employee1', 'manager', 'groupadmin', 'companyadmin', 'admin'),
      // Changed only by staff of its unit (the manager holds every unit) and administrators.
      save: readers('manager', 'admin'),
      // Deleted by administrators only.
      delete: [401, 403, 403, 403, 403, 204],
    },
    alsoReachedBy: {
      // The what-if calls read the row with the inputs posted and save nothing: whoever may
      // read it may ask them.
      get: async (t, id) => {
        const row = await t.database.db
          .selectFrom('deliveries')
          .select(['outputTemperature', 'thickness', 'evoThermAllowed'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        const payload = {
          Id: id,
          OutputTemperature: row.outputTemperature,
          Thickness: row.thickness,
          EvoThermAllowed: row.evoThermAllowed,
        };
        return ['SetNewState', 'SuggestChanges'].map((name) => ({
          method: 'POST' as const,
          url: `/api/Deliveries/${name}`,
          payload,
        }));
      },
    },
  },
  Templates: {
    target: async (t) =>
      (
        await t.database.db
          .selectFrom('emailTemplates')
          .select('id')
          .where('code', '=', 'PasswordReset')
          .where('languageId', '=', 'en-gb')
          .executeTakeFirstOrThrow()
      ).id,
    statuses: {
      list: readers('admin'),
      get: readers('admin'),
      // Saved as read (code and parameters kept), a system template stays editable.
      save: readers('admin'),
      // System templates are never deleted.
      delete: [401, 403, 403, 403, 403, 409],
    },
  },
  Languages: {
    // Languages are keyed by their code (text): no integer id names one, so every row call
    // by number finds nothing, and the generic writes are closed to all (languages.test.ts
    // covers CreateLanguage and DeleteLanguage, employee1 refused).
    target: async () => 1,
    statuses: {
      list: readers('admin'),
      get: [401, 403, 403, 403, 403, 404],
      save: [401, 403, 403, 403, 403, 403],
      delete: [401, 403, 403, 403, 403, 403],
    },
    ownCallsDiffer: {
      save: 'POST api/Language/CreateLanguage only creates, by code: languages.test.ts',
      delete: 'POST api/Language/DeleteLanguage?Id= takes a code: languages.test.ts',
    },
  },
  UserLoginAuditTracking: {
    target: async (t) =>
      (
        await t.database.db
          .selectFrom('loginAudit')
          .select('id')
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id,
    statuses: {
      list: readers('admin'),
      get: readers('admin'),
      // Written by the sign-in only: nobody edits or deletes an attempt.
      save: [401, 403, 403, 403, 403, 403],
      delete: [401, 403, 403, 403, 403, 403],
    },
  },
  JobRuns: {
    target: async (t) => {
      const row = await t.database.db
        .insertInto('jobRuns')
        .values({ jobName: 'housekeeping', trigger: 'manual', state: 'succeeded' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
    statuses: {
      list: readers('admin'),
      get: readers('admin'),
      // Written by the job queue only: nobody edits or deletes a run.
      save: [401, 403, 403, 403, 403, 403],
      delete: [401, 403, 403, 403, 403, 403],
    },
  },
  GridPages: {
    target: async () => 10,
    statuses: {
      list: readers('admin'),
      get: readers('admin'),
      // Changed through the designer's own calls only.
      save: [401, 403, 403, 403, 403, 403],
      delete: [401, 403, 403, 403, 403, 403],
    },
    ownCallsDiffer: {
      get: 'api/grids/{id} serves a page to whoever may read its data source and see the page',
      save: 'POST and PUT api/grids are the designer calls (ManageGridPages): grid-pages-design',
      delete:
        'DELETE api/grids/{id} refuses a built-in page even to its designers: grid-pages-design',
    },
  },
  DataSources: {
    target: async () => 10,
    statuses: {
      list: readers('admin'),
      get: readers('admin'),
      save: [401, 403, 403, 403, 403, 403],
      delete: [401, 403, 403, 403, 403, 403],
    },
    ownCallsDiffer: {
      save: 'POST api/dataSources only creates (a payload with an Id is a 400); PUT edits, below',
    },
    alsoReachedBy: {
      get: async (_t, id) => [
        { method: 'GET', url: `/api/dataSources/${id}/fields` },
        { method: 'GET', url: `/api/dataSources/${id}/accessRules` },
      ],
      // A built-in data source is the release's: even its designers cannot change it.
      save: async (_t, id) => [
        // Nor the access rules of the designers' own data sources (these rows).
        {
          method: 'PUT',
          url: `/api/dataSources/${dataSourceEntity.id}/accessRules`,
          payload: { RowRules: [], FieldRules: [], Version: 1 },
        },
        {
          method: 'PUT',
          url: '/api/dataSources',
          payload: {
            Id: id,
            Version: 1,
            Name: 'Hijacked',
            SchemaDefinition: { type: 'object', properties: {} },
          },
        },
      ],
    },
  },
};

/** A fingerprint of every table an administration call could change. */
async function fingerprint(t: TestApp): Promise<string> {
  const tables = [
    'users',
    'user_roles',
    'user_groups',
    'user_units',
    'roles',
    'role_permissions',
    'role_delegations',
    'groups',
    'companies',
    'company_contacts',
    'permissions',
    'units',
    'materials',
    'change_logs',
    'data_sources',
    'grid_pages',
    'menu_items',
    'email_templates',
    'languages',
    'translations',
    'outbox',
    'deliveries',
  ];
  // Order-free: the row count and the sum of every row's 64-bit hash, without sorting or
  // concatenating thousands of rows (translations, deliveries) after every refused call.
  const parts = tables.map(
    (table) =>
      sql`(select count(*) || ':' || coalesce(sum(hashtextextended(r::text, 0)), 0) from ${sql.table(table)} as r)`,
  );
  const { rows } = await sql<{ f: string }>`select concat_ws(',', ${sql.join(parts)}) as f`.execute(
    t.database.db,
  );
  return rows[0]!.f;
}

/** The row's key as an OData literal: quoted when the key is text (a language's code). */
function keyLiteral(entity: EntityDefinition, id: number): string {
  const key = (entity.schema.properties as Record<string, { type?: unknown }> | undefined)?.Id;
  return key?.type === 'string' ? `'${id}'` : String(id);
}

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
}

function splitCall(call: string, id: number): Call {
  const [first, second] = call.split(' ');
  const url = (second ?? first!).replace('{id}', String(id));
  return { method: (second ? first : 'GET') as Call['method'], url };
}

describe('authorization table: every entity, every route, every demo role', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    const rival = await client.post('admin', '/api/companies/SaveCompany', {
      CompanyName: 'Rival Paving',
    });
    expect(rival.statusCode).toBe(200);
    // Signing in records the time on the account: do it before any fingerprint is taken.
    for (const caller of callers.filter((c) => c !== 'anonymous')) {
      expect((await client.get(caller, '/api/users/GetCurrentUserId')).statusCode).toBe(200);
    }
  });
  afterAll(() => t.close());

  it('has a row of expectations for every built-in entity', () => {
    expect(Object.keys(expectations).sort()).toEqual(builtInEntities.map((e) => e.name).sort());
  });

  /** The row's writable plain fields as the administrator reads them, with its key and version. */
  async function savePayload(entity: EntityDefinition, id: number) {
    const row = (await client.get('admin', `/api/dataSources/${entity.id}/data/${id}`)).json<
      Record<string, unknown>
    >();
    const props = (entity.schema.properties ?? {}) as Record<string, Record<string, unknown>>;
    const payload: Record<string, unknown> = { Id: id, Version: row.Version };
    for (const [field, schema] of Object.entries(props)) {
      if (schema.readOnly || schema.writeOnly || schema.type === 'array') continue;
      if (field in row) payload[field] = row[field];
    }
    return payload;
  }

  function callsFor(entity: EntityDefinition, action: Action, id: number, payload: unknown) {
    const rows = `/api/dataSources/${entity.id}/data`;
    const valueField = entity.grid.Columns.find((c) => c.Type === 'string')?.Field;
    const generic: Record<Action, Call[]> = {
      list: [
        { method: 'GET', url: `/odata/${entity.name}OData?$top=5` },
        { method: 'GET', url: `${rows}?$top=5` },
        ...(valueField
          ? [{ method: 'GET' as const, url: `/api/entities/${entity.name}/values/${valueField}` }]
          : []),
        // The entity's built-in grid page (same id): its rows, a column's values, its export.
        { method: 'GET', url: `/api/grids/${entity.id}/data?$top=5` },
        ...(valueField
          ? [{ method: 'GET' as const, url: `/api/grids/${entity.id}/values/${valueField}` }]
          : []),
        { method: 'GET', url: `/api/grids/${entity.id}/export?format=csv` },
      ],
      get: [{ method: 'GET', url: `${rows}/${id}` }],
      save: [{ method: 'PUT', url: rows, payload: { Id: id, Json: payload } }],
      delete: [{ method: 'DELETE', url: `${rows}/${id}` }],
    };
    const differ = expectations[entity.name]!.ownCallsDiffer ?? {};
    const api = entity.api;
    const own: Call[] = [];
    if (api && action === 'get' && !differ.get) own.push(splitCall(api.Get, id));
    if (api && action === 'save' && !differ.save) {
      own.push({ ...splitCall(`POST ${api.Save}`, id), payload });
    }
    if (api?.Delete && action === 'delete' && !differ.delete) own.push(splitCall(api.Delete, id));
    return [...generic[action], ...own];
  }

  // One test per action and entity, in the order the table runs (every list, then every get,
  // save and delete), so each has its own time budget and a failure names its entity.
  for (const action of ['list', 'get', 'save', 'delete'] as const) {
    for (const entity of builtInEntities) {
      it(`answers ${action} of ${entity.name} as the table says, and a refusal changes nothing`, async () => {
        const expected = expectations[entity.name]!;
        const id = await expected.target(t);
        const payload = action === 'save' ? await savePayload(entity, id) : undefined;
        const further = (await expected.alsoReachedBy?.[action]?.(t, id)) ?? [];
        for (const [index, caller] of callers.entries()) {
          const status = expected.statuses[action][index]!;
          for (const call of [...callsFor(entity, action, id, payload), ...further]) {
            const before = status >= 400 ? await fingerprint(t) : null;
            const res = await client.call(
              caller === 'anonymous' ? null : caller,
              call.method,
              call.url,
              call.payload,
            );
            const what = `${entity.name} ${action} as ${caller}: ${call.method} ${call.url}`;
            expect(res.statusCode, `${what} answered ${res.body.slice(0, 200)}`).toBe(status);
            if (before !== null) {
              expect(res.json(), what).toHaveProperty('Message');
              expect(await fingerprint(t), `${what} changed the database`).toBe(before);
            }
            if (action === 'get' && status === 404) {
              const list = await client.get(
                caller,
                `/odata/${entity.name}OData?$filter=${encodeURIComponent(`Id eq ${keyLiteral(entity, id)}`)}`,
              );
              expect(list.json<{ value: unknown[] }>().value, `${what}: listed`).toEqual([]);
            }
            // A successful save of the row as read changes the next version; reread it.
            if (action === 'save' && res.statusCode === 200) {
              Object.assign(payload!, await savePayload(entity, id));
            }
            if (action === 'delete' && res.statusCode === 204) break;
          }
        }
      });
    }
  }
  // The grid page designer and the access rules are no row calls either: designers only.
  it('answers the grid page designer’s and the access rules’ calls to designers only, and a refusal changes nothing', async () => {
    const units = 1; // the Units data source
    const page = {
      DataSourceId: units,
      Columns: [{ Id: 1, Field: 'Code', Title: 'Code', Format: null, Type: 'string', Order: 1 }],
    };
    const made = await client.call('admin', 'POST', '/api/grids', {
      ...page,
      PageTitle: 'Authorization table page',
    });
    expect(made.statusCode, made.body).toBe(200);
    const created = made.json<{ Id: number; Version: number }>();
    const rules = await client.get('admin', `/api/dataSources/${units}/accessRules`);
    const { Version } = rules.json<{ Version: number }>();
    const calls: (Call & { admin: number })[] = [
      { method: 'GET', url: `/api/grids/${created.Id}?design=true`, admin: 200 },
      {
        method: 'POST',
        url: '/api/grids',
        payload: { ...page, PageTitle: 'Another authorization table page' },
        admin: 200,
      },
      {
        method: 'PUT',
        url: '/api/grids',
        payload: { ...page, Id: created.Id, Version: created.Version, PageTitle: 'Renamed' },
        admin: 200,
      },
      { method: 'GET', url: `/api/dataSources/${units}/accessRules`, admin: 200 },
      {
        method: 'PUT',
        url: `/api/dataSources/${units}/accessRules`,
        payload: { RowRules: [], FieldRules: [], Version },
        admin: 200,
      },
      { method: 'DELETE', url: `/api/grids/${created.Id}`, admin: 204 },
    ];
    for (const caller of callers) {
      for (const call of calls) {
        const expected = caller === 'admin' ? call.admin : caller === 'anonymous' ? 401 : 403;
        const before = expected >= 400 ? await fingerprint(t) : null;
        const res = await client.call(
          caller === 'anonymous' ? null : caller,
          call.method,
          call.url,
          call.payload,
        );
        const what = `designer call as ${caller}: ${call.method} ${call.url}`;
        expect(res.statusCode, `${what} answered ${res.body.slice(0, 200)}`).toBe(expected);
        if (before !== null)
          expect(await fingerprint(t), `${what} changed the database`).toBe(before);
      }
    }
  });

  // Row rules (issue 33): a data source every signed-in user may read and change, its rows
  // closed (Open false), under rules naming only Staff; each caller tries a row of their own.
  const closed = 'Open';
  const ruledRows: {
    rules: string;
    of: (staff: number) => RulesInput;
    /** Whether the row is listed, and the statuses of its read, save and delete. */
    listed: readonly [boolean, boolean, boolean, boolean, boolean, boolean];
    statuses: Record<'get' | 'save' | 'delete', Statuses>;
  }[] = [
    {
      rules: 'Staff named, no rule for everyone else: the other roles are not restricted',
      of: (staff) => ({ RowRules: [{ RoleIds: [staff], Read: null, Write: null }] }),
      listed: [false, true, true, true, true, true],
      statuses: {
        get: [401, 200, 200, 200, 200, 200],
        save: [401, 200, 200, 200, 200, 200],
        delete: [401, 204, 204, 204, 204, 204],
      },
    },
    {
      rules: 'everyone else reads and changes open rows only (the administrator too)',
      of: (staff) => ({
        RowRules: [{ RoleIds: [staff], Read: null, Write: null }],
        OthersRule: { Read: closed, Write: closed },
      }),
      listed: [false, true, false, false, false, false],
      statuses: {
        get: [401, 200, 404, 404, 404, 404],
        save: [401, 200, 404, 404, 404, 404],
        delete: [401, 204, 404, 404, 404, 404],
      },
    },
    {
      rules: 'everyone else reads every row and changes open rows only',
      of: (staff) => ({
        RowRules: [{ RoleIds: [staff], Read: null, Write: null }],
        OthersRule: { Read: null, Write: closed },
      }),
      listed: [false, true, true, true, true, true],
      statuses: {
        get: [401, 200, 200, 200, 200, 200],
        save: [401, 200, 403, 403, 403, 403],
        delete: [401, 204, 403, 403, 403, 403],
      },
    },
    {
      rules: 'no row rule, everyone else reads open rows only: everyone is everyone else',
      of: () => ({ OthersRule: { Read: closed, Write: null } }),
      listed: [false, false, false, false, false, false],
      statuses: {
        get: [401, 404, 404, 404, 404, 404],
        save: [401, 404, 404, 404, 404, 404],
        delete: [401, 404, 404, 404, 404, 404],
      },
    },
  ];

  for (const row of ruledRows) {
    it(`answers a data source under row rules as they say: ${row.rules}`, async () => {
      const name = `Ruled${ruledRows.indexOf(row)}`;
      const source = await createSource(client, {
        Name: name,
        PrimaryKeyField: '',
        Permissions: anySignedInUser,
        SchemaDefinition: {
          type: 'object',
          properties: { Ref: { type: 'string' }, Open: { type: 'boolean' } },
          required: ['Ref', 'Open'],
        },
      });
      const rows = rowsUrl(source.Id);
      const targets = new Map<string, { Id: number; Version: number }>();
      for (const caller of callers) {
        targets.set(caller, await insertRow(client, source.Id, { Ref: caller, Open: false }));
      }
      await setRules(client, source.Id, row.of(await roleIdOf(t, 'Staff')));
      for (const [index, caller] of callers.entries()) {
        const who = caller === 'anonymous' ? null : caller;
        const { Id, Version } = targets.get(caller)!;
        const what = (action: string) => `${name} ${action} as ${caller}`;
        const listed = await client.get(
          who,
          `${rows}?$filter=${encodeURIComponent(`Id eq ${Id}`)}`,
        );
        if (caller === 'anonymous') expect(listed.statusCode, what('list')).toBe(401);
        else
          expect(listed.json<{ value: unknown[] }>().value, what('list')).toHaveLength(
            row.listed[index] ? 1 : 0,
          );
        const calls = [
          ['get', 'GET', `${rows}/${Id}`, undefined],
          ['save', 'PUT', rows, { Id, Json: { Ref: caller, Open: false, Version } }],
          ['delete', 'DELETE', `${rows}/${Id}`, undefined],
        ] as const;
        for (const [action, method, url, payload] of calls) {
          const expected = row.statuses[action][index]!;
          const before = expected >= 400 ? await storedRows(t, source.Id) : null;
          const res = await client.call(who, method, url, payload);
          expect(res.statusCode, `${what(action)} answered ${res.body.slice(0, 200)}`).toBe(
            expected,
          );
          if (before) expect(await storedRows(t, source.Id), what(action)).toEqual(before);
        }
      }
    });
  }

  // The menu is no entity: its editor's calls, by the same callers, need ManageMenu.
  it('answers the menu editor’s calls to holders of ManageMenu only, and a refusal changes nothing', async () => {
    const read = await client.get('admin', '/api/menu/GetMenu?language=en-gb&all=true');
    const MenuItems = read.json<{ Id: number }[]>().map((item) => ({ ...item, IsNew: false }));
    const calls: Call[] = [
      { method: 'GET', url: '/api/menu/GetMenu?language=en-gb&all=true' },
      { method: 'POST', url: '/api/menu/SaveMenu', payload: { Language: 'en-gb', MenuItems } },
    ];
    const statuses = [401, 403, 403, 403, 403, 200];
    for (const [index, caller] of callers.entries()) {
      for (const call of calls) {
        const before = statuses[index]! >= 400 ? await fingerprint(t) : null;
        const res = await client.call(
          caller === 'anonymous' ? null : caller,
          call.method,
          call.url,
          call.payload,
        );
        const what = `menu as ${caller}: ${call.method} ${call.url}`;
        expect(res.statusCode, `${what} answered ${res.body.slice(0, 200)}`).toBe(statuses[index]);
        if (before !== null)
          expect(await fingerprint(t), `${what} changed the database`).toBe(before);
      }
    }
  });
});
