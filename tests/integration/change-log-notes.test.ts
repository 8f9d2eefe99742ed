import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Who may add a note to an entity's history (`POST api/changelog/SaveChangeLog`): the holders
 * of ViewAuditLog, as the screens offer the note form; everyone else is refused and nothing is
 * written. A refused note answers `Errors[].Message`, which the screens join with commas.
 */
let t: TestApp;
let client: ReturnType<typeof apiClient>;
let unitId: number;

const count = async () =>
  (
    await sql<{ n: number }>`select cast(count(*) as integer) as n from change_logs`.execute(
      t.database.db,
    )
  ).rows[0]!.n;

const note = (GenericLog: string) => ({ EntityType: 'Unit', EntityId: unitId, GenericLog });

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  client = apiClient(t);
  unitId = (
    await t.database.db.selectFrom('units').select('id').orderBy('id').executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

describe('notes added to an entity’s history', () => {
  it('are refused to callers without ViewAuditLog, leaving the log as it was', async () => {
    const before = await count();
    const anonymous = await client.post(null, '/api/changelog/SaveChangeLog', note('Anonymous'));
    expect(anonymous.statusCode).toBe(401);
    const staff = await client.post('employee1', '/api/changelog/SaveChangeLog', note('Staff'));
    expect(staff.statusCode).toBe(403);
    expect(await count()).toBe(before);
  });

  it('are written for holders of ViewAuditLog, as theirs, and read back first in the history', async () => {
    const saved = await client.post('admin', '/api/changelog/SaveChangeLog', note('Drum relined'));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ Succeeded: true });
    const history = await client.get(
      'admin',
      `/api/changelog/GetChangeLogs?entityType=Unit&entityId=${unitId}`,
    );
    expect(history.json<unknown[]>()[0]).toMatchObject({
      UserName: 'admin',
      GenericLog: 'Drum relined',
      Changes: [],
    });
  });

  it('answers every refusal of a bad note in Errors, each with its Message', async () => {
    const before = await count();
    const refused = await client.post('admin', '/api/changelog/SaveChangeLog', {
      EntityType: '',
      EntityId: unitId,
      GenericLog: '',
    });
    expect(refused.statusCode).toBe(400);
    const errors = refused.json<{ Errors: { Field: string; Message: string }[] }>().Errors;
    expect(errors.map((error) => error.Field).sort()).toEqual(['EntityType', 'GenericLog']);
    for (const error of errors) expect(error.Message).not.toBe('');
    expect(await count()).toBe(before);
  });

  it('go only on a row the writer may read: another is absent, and nothing is written', async () => {
    const admin = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('name', '=', 'admin')
      .executeTakeFirstOrThrow();
    const before = await count();
    // The manager reads the audit log but not the accounts.
    const account = await client.post('manager', '/api/changelog/SaveChangeLog', {
      EntityType: 'User',
      EntityId: admin.id,
      GenericLog: 'Looked at the administrator',
    });
    expect(account.statusCode, account.body).toBe(404);
    const missing = await client.post('admin', '/api/changelog/SaveChangeLog', {
      EntityType: 'Unit',
      EntityId: 987_654,
      GenericLog: 'No such unit',
    });
    expect(missing.statusCode).toBe(404);
    // The same answer for a row that does not exist and one out of reach.
    expect(missing.json<{ Message: string }>().Message).toMatch(/^There is no Unit 987654/);
    const unknown = await client.post('admin', '/api/changelog/SaveChangeLog', {
      EntityType: 'NoSuchThing',
      EntityId: 1,
      GenericLog: 'Nowhere',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ Errors: { Field: string }[] }>().Errors[0]?.Field).toBe('EntityType');
    const blank = await client.post('admin', '/api/changelog/SaveChangeLog', note('   \n  '));
    expect(blank.statusCode).toBe(400);
    expect(blank.json<{ Errors: { Field: string }[] }>().Errors[0]?.Field).toBe('GenericLog');
    expect(await count()).toBe(before);
  });

  it('are stored trimmed', async () => {
    const saved = await client.post('admin', '/api/changelog/SaveChangeLog', note('  Relined  '));
    expect(saved.statusCode).toBe(200);
    const last = await t.database.db
      .selectFrom('changeLogs')
      .select('genericLog')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last.genericLog).toBe('Relined');
  });
});
