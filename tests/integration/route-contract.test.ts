import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInEntities, type EntityDefinition } from '#metadata';
import type { PermissionSubject } from '#platform/core';
import { errorsPlugin } from '../../server/plugins/errors';
import { routeTablePlugin } from '../../server/plugins/route-table';
import { isApiRoute } from '../../server/plugins/api-paths';
import {
  checkRouteContract,
  type ContractCaller,
  type PathValues,
} from '../support/route-contract';
import { signIn } from '../support/sign-in';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Every API route the server registers, called as a signed-out visitor, as `employee1`, as a
 * company administrator and as `admin`, with existing and missing ids, no body, `{}` and a body sampled from its request
 * schema: never a 5xx, 401/403 where its permission refuses, 2xx bodies as its response
 * schema declares, 4xx bodies with a Message. A route added later joins by itself.
 */

/** What the application's own fetch sends from a browser (state-changing GETs need it). */
const fromTheApp = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' };

interface SignedInCaller extends ContractCaller {
  /** Signs in again when a call ended the session (logout) or renamed the account. */
  restore(): Promise<void>;
}

function signedInCaller(t: TestApp, userName: string): SignedInCaller {
  let cookie: string | null = null;
  let permissions: string[] = [];
  let userId: number | null = null;
  const refresh = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/permissions',
      headers: { ...fromTheApp, cookie: cookie! },
    });
    permissions = res.json<string[]>();
  };
  const ensure = async () => {
    if (cookie) return;
    const row = await t.database.db
      .selectFrom('users')
      .select(['id', 'name'])
      .where(userId === null ? 'name' : 'id', '=', userId ?? userName)
      .executeTakeFirstOrThrow();
    userId = row.id;
    cookie = await signIn(t.app, row.name);
    await refresh();
  };
  return {
    name: userName,
    async headers() {
      await ensure();
      return { ...fromTheApp, cookie: cookie! };
    },
    async subject(): Promise<PermissionSubject> {
      await ensure();
      return { authenticated: true, permissions };
    },
    async restore() {
      if (!cookie) return;
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/users/GetCurrentUser',
        headers: { cookie },
      });
      const current = res.json<{ Id: number } | null>();
      if (current?.Id === userId) return refresh();
      cookie = null;
      await ensure();
    },
  };
}

const signedOut: ContractCaller = {
  name: 'signed out',
  headers: async () => fromTheApp,
  subject: async () => ({ authenticated: false, permissions: [] }),
};

/** A field every entity's value list may be asked for: its first string field. */
function firstTextField(entity: EntityDefinition): string {
  const properties =
    (entity.schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  return Object.entries(properties).find(([, p]) => p.type === 'string')?.[0] ?? 'Id';
}

/** Path values from the metadata and the demo data, by parameter name. */
function pathValues(name: string): PathValues | undefined {
  switch (name) {
    case 'entitySet':
      return { existing: builtInEntities.map((e) => `${e.name}OData`), missing: 'NopeOData' };
    case 'name':
      return {
        existing: builtInEntities.map((e) => ({ name: e.name, field: firstTextField(e) })),
        missing: { name: 'Nope', field: 'Nope' },
      };
    // Filled together with `name` on the engine's value lists (that pair wins); alone, a
    // delivery column's value list.
    case 'field':
      return { existing: ['SiteName'], missing: 'Nope' };
    case 'check':
      return {
        existing: ['IsUniqueName', 'IsUniqueEmail', 'IsUniqueCode'],
        missing: 'IsUniqueNope',
      };
    case 'language':
      return { existing: ['en-gb'], missing: 'zz-zz' };
    default:
      return undefined;
  }
}

describe('the route contract, over every API route of the demo installation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
  });
  afterAll(() => t.close());

  it('answers every call within its contract', async () => {
    const employee = signedInCaller(t, 'employee1');
    const companyAdmin = signedInCaller(t, 'companyadmin');
    const admin = signedInCaller(t, 'admin');
    const report = await checkRouteContract(t.app, {
      callers: [signedOut, employee, companyAdmin, admin],
      pathValues,
      afterRoute: async () => {
        for (const caller of [employee, companyAdmin, admin]) await caller.restore();
      },
    });

    const apiRoutes = t.app.routeTable.filter((r) => isApiRoute(r.url));
    const called = new Set(report.calls.map((c) => c.route));
    const answered2xx = new Set(
      report.calls.filter((c) => c.status < 300 && c.caller === 'admin').map((c) => c.route),
    );
    const byStatus = new Map<number, number>();
    for (const call of report.calls)
      byStatus.set(call.status, (byStatus.get(call.status) ?? 0) + 1);
    console.log(
      `Route contract: ${report.calls.length} calls over ${called.size} routes; ` +
        `${answered2xx.size} routes answered the administrator with 2xx; statuses ` +
        [...byStatus]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s}x${n}`)
          .join(' '),
    );

    expect(report.violations).toEqual([]);
    expect(called.size).toBe(apiRoutes.length);
    expect(apiRoutes.length).toBeGreaterThan(90);
    // The 2xx bodies checked are not a handful: most routes answer the administrator.
    expect(answered2xx.size).toBeGreaterThan(apiRoutes.length * 0.6);
  });
});

describe('the route contract test itself', () => {
  it('catches a 5xx, a body off its schema, a 4xx without Message and a missing 401', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    await app.register(routeTablePlugin);
    const everybody = { permission: 'everybody' };
    const state = {
      type: 'object',
      required: ['State'],
      properties: { State: { type: 'string', enum: ['R', 'A', 'G'] } },
    } as const;
    app.get('/api/test/throws', { config: everybody }, async () => {
      throw new Error('boom');
    });
    app.get(
      '/api/test/off-schema',
      { config: everybody, schema: { response: { 200: state } } },
      async () => ({ State: 'Q' }),
    );
    app.get('/api/test/no-message', { config: everybody }, async (_request, reply) =>
      reply.code(404).send({ error: 'gone' }),
    );
    app.get(
      '/api/test/guarded',
      { config: { permission: 'ManageUsers' }, schema: { response: { 200: state } } },
      async () => ({ State: 'G' }),
    );
    app.get(
      '/api/test/fine/:id',
      {
        config: everybody,
        schema: {
          params: { type: 'object', properties: { id: { type: 'integer' } } },
          response: { 200: state },
        },
      },
      async (request) => {
        if ((request.params as { id: number }).id !== 1) {
          const error = Object.assign(new Error('The thing does not exist.'), { statusCode: 404 });
          throw error;
        }
        return { State: 'A' };
      },
    );
    await app.ready();

    const report = await checkRouteContract(app, { callers: [signedOut] });
    const broken = (url: string) => report.violations.filter((v) => v.includes(url));
    expect(broken('/api/test/throws')[0]).toContain('answered 500');
    expect(broken('/api/test/off-schema')[0]).toContain('breaks the response schema');
    expect(broken('/api/test/no-message')[0]).toContain('without a Message');
    expect(broken('/api/test/guarded')[0]).toContain('401 expected');
    expect(broken('/api/test/fine')).toEqual([]);
    expect(report.calls.filter((c) => c.url.startsWith('/api/test/fine/'))).toHaveLength(2);
    await app.close();
  });
});
