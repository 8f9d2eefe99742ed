import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyEntity, type GridPage, userEntity } from '#metadata';
import { createTestApp, type TestApp } from '../support/test-app';
import { setUsersBelongTo } from './people-support';
import { apiClient } from '../support/api-client';

describe('grid pages follow the GroupsAndCompanies.UsersBelongTo setting', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
  });
  afterAll(() => t.close());

  async function usersPage() {
    const res = await client.get('admin', `/api/grids/${userEntity.id}`);
    expect(res.statusCode).toBe(200);
    const page = res.json<GridPage>();
    const form = (page.FormDefinition ?? {}) as Record<string, Record<string, unknown> | undefined>;
    return {
      columns: page.Columns.map((column) => column.Field),
      hidden: (field: string) => form[field]?.['ui:widget'] === 'hidden',
      form,
    };
  }

  it('shows the group and company columns and the groups field when users belong to both', async () => {
    await setUsersBelongTo(t, 3);
    const page = await usersPage();
    expect(page.columns).toEqual([
      'Name',
      'FullName',
      'Email',
      'Roles',
      'Groups',
      'CompanyName',
      'Active',
    ]);
    expect(page.hidden('Groups')).toBe(false);
    expect(page.form.Groups).toMatchObject({
      'ui:widget': 'checkboxList',
      'ui:options': { disabledWhen: 'IsQueryGroup' },
    });
  });

  it('leaves out the group column and hides the groups field when groups are off', async () => {
    await setUsersBelongTo(t, 2);
    const page = await usersPage();
    expect(page.columns).not.toContain('Groups');
    expect(page.columns).toContain('CompanyName');
    expect(page.hidden('Groups')).toBe(true);
    // The rest of the field's definition stays; only the widget changes.
    expect(page.form.Groups?.['ui:options']).toEqual(
      expect.objectContaining({ disabledWhen: 'IsQueryGroup' }),
    );
  });

  it('leaves out the company column when companies are off', async () => {
    await setUsersBelongTo(t, 1);
    const page = await usersPage();
    expect(page.columns).toContain('Groups');
    expect(page.columns).not.toContain('CompanyName');
    expect(page.hidden('Groups')).toBe(false);
    expect(page.hidden('CompanyName')).toBe(true);
  });

  it('leaves out both when users belong to neither, and reads the setting on every call', async () => {
    await setUsersBelongTo(t, 0);
    const none = await usersPage();
    expect(none.columns).toEqual(['Name', 'FullName', 'Email', 'Roles', 'Active']);
    expect(none.hidden('Groups')).toBe(true);
    expect(none.hidden('CompanyName')).toBe(true);

    await setUsersBelongTo(t, 3);
    expect((await usersPage()).columns).toContain('Groups');
  });

  it('changes no other page', async () => {
    await setUsersBelongTo(t, 2);
    const res = await client.get('admin', `/api/grids/${companyEntity.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<GridPage>().Columns.map((column) => column.Field)).toEqual([
      'CompanyName',
      'UsersNum',
    ]);
    // Without companies their page is closed, not shaped (people-belongs-to-off.test.ts).
    await setUsersBelongTo(t, 0);
    const closed = await client.get('admin', `/api/grids/${companyEntity.id}`);
    expect(closed.statusCode).toBe(404);
    const stored = await t.database.db
      .selectFrom('gridPages')
      .select('columns')
      .where('id', '=', userEntity.id)
      .executeTakeFirstOrThrow();
    // The setting shapes the answer, never the stored page.
    expect((stored.columns as { Field: string }[]).map((column) => column.Field)).toContain(
      'Groups',
    );
  });
});
