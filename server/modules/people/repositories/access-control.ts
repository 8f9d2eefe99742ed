import type { Kysely, Transaction } from 'kysely';
import type { PermissionSeed, RoleSeed } from '#metadata';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Adds the release's system permissions and keeps their names current. */
export async function upsertSystemPermissions(db: Db, permissions: PermissionSeed[]) {
  await db
    .insertInto('permissions')
    .values(
      permissions.map((p) => ({
        id: p.Id,
        code: p.Code,
        name: p.Name,
        isParameterised: p.IsParameterised ?? false,
      })),
    )
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        code: eb.ref('excluded.code'),
        name: eb.ref('excluded.name'),
        isParameterised: eb.ref('excluded.isParameterised'),
      })),
    )
    .execute();
}

/** Creates a role the installation lacks, with its permissions; an existing role is left as is. */
export async function insertRoleIfMissing(db: Db, role: RoleSeed): Promise<void> {
  const inserted = await db
    .insertInto('roles')
    .values({ name: role.Name, isAdmin: role.IsAdmin })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted || role.Permissions.length === 0) return;
  const permissions = await db
    .selectFrom('permissions')
    .select('id')
    .where('code', 'in', role.Permissions)
    .execute();
  await db
    .insertInto('rolePermissions')
    .values(permissions.map((p) => ({ roleId: inserted.id, permissionId: p.id })))
    .execute();
}

export async function findRoleIdsByName(db: Db, names: string[]): Promise<number[]> {
  if (names.length === 0) return [];
  const rows = await db.selectFrom('roles').select('id').where('name', 'in', names).execute();
  return rows.map((r) => r.id);
}
