import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/api-client';
import type { TestApp } from '../support/test-app';
import { type TwoInstances, twoInstances } from '../support/two-instances';
import { testDatabaseKind } from '../support/test-database';

/**
 * Two app instances on one PostgreSQL database: a designer's change on one is heard by the
 * other at once, so the other never writes to a column that was just dropped. PGlite is one
 * process and has no second instance.
 */
describe.skipIf(testDatabaseKind !== 'postgres')('user tables shared by app instances', () => {
  let instances: TwoInstances;
  let first: TestApp;
  let second: FastifyInstance;

  beforeAll(async () => {
    instances = await twoInstances();
    ({ first, second } = instances);
  });
  afterAll(() => instances.close());

  it('forgets a data source the other instance changed before its next write', async () => {
    const designer = apiClient(first);
    const clerk = apiClient({ ...first, app: second });
    const made = await designer.post('admin', '/api/dataSources', {
      Name: 'Shared notes',
      SchemaDefinition: {
        type: 'object',
        properties: { Title: { type: 'string' }, Note: { type: 'string' } },
      },
    });
    expect(made.statusCode).toBe(200);
    const source = made.json<{ Id: number; SchemaDefinition: { properties: object } }>();
    const rows = `/api/dataSources/${source.Id}/data`;
    // The second instance reads, and so remembers, the definition with Note.
    expect((await clerk.post('admin', rows, { Json: { Title: 'a', Note: 'x' } })).statusCode).toBe(
      200,
    );

    const { Note: _dropped, ...kept } = source.SchemaDefinition.properties as Record<
      string,
      object
    >;
    const changed = await designer.put('admin', '/api/dataSources', {
      Id: source.Id,
      Version: 1,
      Name: 'Shared notes',
      SchemaDefinition: { type: 'object', properties: kept },
      ConfirmDataLoss: true,
    });
    expect(changed.statusCode).toBe(200);

    // The NOTIFY travels on another connection: it arrives within moments.
    let written = await clerk.post('admin', rows, { Json: { Title: 'b' } });
    for (let tries = 0; written.statusCode !== 200 && tries < 50; tries++) {
      expect(written.statusCode).toBe(409);
      await new Promise((resolve) => setTimeout(resolve, 20));
      written = await clerk.post('admin', rows, { Json: { Title: 'b' } });
    }
    expect(written.statusCode).toBe(200);
    expect(written.json()).not.toHaveProperty('Note');
  });

  it('answers 503 when the table stays in use, and changes nothing', async () => {
    const designer = apiClient(first);
    const made = await designer.post('admin', '/api/dataSources', {
      Name: 'Busy table',
      SchemaDefinition: { type: 'object', properties: { Title: { type: 'string' } } },
    });
    const source = made.json<{ Id: number; SchemaDefinition: { properties: object } }>();
    // A long report reads the table in another session, holding it for the whole test.
    const reader = await instances.secondDatabase.db.connection().execute(async (connection) => {
      await sql`begin`.execute(connection);
      await sql`lock table ${sql.table(`udt.t${source.Id}`)} in access share mode`.execute(
        connection,
      );
      const started = Date.now();
      const changed = await designer.put('admin', '/api/dataSources', {
        Id: source.Id,
        Version: 1,
        Name: 'Busy table',
        SchemaDefinition: {
          type: 'object',
          properties: { Title: { type: 'integer', 'x-field-id': 1 } },
        },
      });
      await sql`rollback`.execute(connection);
      return { changed, waited: Date.now() - started };
    });
    expect(reader.changed.statusCode).toBe(503);
    expect(reader.changed.json()).toEqual({
      Message: 'The table is in use. Try again in a moment.',
    });
    expect(reader.changed.headers['retry-after']).toBe('5');
    expect(reader.waited).toBeLessThan(20_000);
    const kept = await designer.get('admin', `/api/dataSources/${source.Id}`);
    expect(kept.json()).toMatchObject({ Version: 1 });
  }, 30_000);
});
