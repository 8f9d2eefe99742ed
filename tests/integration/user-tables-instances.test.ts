import type { FastifyInstance } from 'fastify';
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
});
