import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCompany, userEntity } from '#metadata';
import { browserDigest } from '../../server/security/browser-digest';
import { apiClient } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { changeLogCount, companyIdOf, roleIdOf, userIdOf, userRowById } from './people-support';

/**
 * Two administrators of the same company hold the same permissions: neither may take over the
 * other's account (e-mail, password, deactivation), on any path; an administrator may.
 */
describe('peers who manage people', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;
  let peer: number;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    const db = t.database.db;
    const { id } = await db
      .insertInto('users')
      .values({
        name: 'companyadmin2',
        email: 'second.admin@example.test',
        active: true,
        companyId: await companyIdOf(t, demoCompany),
        emailConfirmedAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    peer = id;
    await db
      .insertInto('userRoles')
      .values({ userId: peer, roleId: await roleIdOf(t, 'Company administrator') })
      .execute();
  });
  afterAll(() => t.close());

  it('refuses a company administrator every takeover path to a peer, changing nothing', async () => {
    const before = await userRowById(t, peer);
    const logged = await changeLogCount(t);
    const save = await client.post('companyadmin', '/api/users/SaveUser', {
      Id: peer,
      Name: 'companyadmin2',
      Email: 'mine@evil.test',
      Password: browserDigest('Taken-2026!'),
      Version: before.version,
    });
    expect(save.statusCode).toBe(403);
    expect(save.json().Message).toMatch(/only an administrator/);
    const generic = await client.put('companyadmin', `/api/dataSources/${userEntity.id}/data`, {
      Id: peer,
      Json: { Email: 'mine@evil.test', Active: false, Version: before.version },
    });
    expect(generic.statusCode).toBe(403);
    const remove = await client.get('companyadmin', `/api/users/DeleteUser/${peer}`);
    expect(remove.statusCode).toBe(403);
    const mail = await client.post('companyadmin', '/api/users/SendPasswordResetByAdmin', {
      Email: 'second.admin@example.test',
    });
    expect(mail.json()).toEqual({ Sent: 0 });
    expect(await userRowById(t, peer)).toEqual(before);
    expect(await changeLogCount(t)).toBe(logged);
    const outbox = await t.database.db
      .selectFrom('outbox')
      .select('id')
      .where('to', '=', 'second.admin@example.test')
      .execute();
    expect(outbox).toEqual([]);
  });

  it('still lets them manage the staff of their company, and an administrator manage them', async () => {
    const employee = await userRowById(t, await userIdOf(t, 'employee1'));
    const staff = await client.post('companyadmin', '/api/users/SaveUser', {
      Id: employee.id,
      Name: employee.name,
      FirstName: 'Edited',
      Version: employee.version,
    });
    expect(staff.json()).toMatchObject({ Succeeded: true });
    const row = await userRowById(t, peer);
    const byAdmin = await client.post('admin', '/api/users/SaveUser', {
      Id: peer,
      Name: 'companyadmin2',
      FirstName: 'Second',
      Version: row.version,
    });
    expect(byAdmin.json()).toMatchObject({ Succeeded: true });
    expect((await userRowById(t, peer)).firstName).toBe('Second');
  });
});
