import type { Kysely } from 'kysely';
import {
  type PermissionView,
  type SavePermissionRequest,
  systemPermissionIdLimit,
} from '#metadata';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import {
  deletePermission,
  findPermission,
  insertPermission,
  permissionCodeTaken,
  updatePermission,
} from '../../repositories/permissions';
import type { Caller } from './caller';
import { logPeopleChange } from './change-log';
import { currentRow, isUniqueViolation, staleSave } from './concurrency';
import { permissionSnapshot } from './log-snapshots';

type PermissionRow = NonNullable<Awaited<ReturnType<typeof findPermission>>>;

export const isSystemPermission = (id: number) => id < systemPermissionIdLimit;

export const permissionView = (p: PermissionRow): PermissionView => ({
  Id: p.id,
  Code: p.code,
  Name: p.name,
  IsParameterised: p.isParameterised,
  IsSystem: isSystemPermission(p.id),
  Version: p.version,
});

const codeTaken = (code: string) => {
  const message = `A permission with the code '${code}' already exists.`;
  return new AppError('BadRequest', message, [{ Field: 'Code', Message: message }]);
};

/**
 * `POST api/permissions/SavePermission`. New permissions get ids from 1000 up; system
 * permissions (ids below 1000) belong to the application and cannot be changed.
 */
export async function savePermission(
  db: Kysely<Database>,
  caller: Caller,
  input: SavePermissionRequest,
): Promise<PermissionView> {
  const id = input.Id ?? 0;
  const existing =
    id > 0 ? currentRow(await findPermission(db, id), input.Version, 'permission') : undefined;
  if (existing && isSystemPermission(id)) {
    throw new AppError('Conflict', 'System permissions cannot be changed.');
  }
  const code = input.Code.trim();
  if (await permissionCodeTaken(db, code, id)) throw codeTaken(code);
  const values = {
    code,
    name: input.Name.trim(),
    isParameterised: input.IsParameterised ?? existing?.isParameterised ?? false,
  };
  let savedId: number;
  try {
    savedId = await db.transaction().execute(async (trx) => {
      const before = existing && (await permissionSnapshot(trx, id));
      let permissionId = id;
      if (!existing) permissionId = await insertPermission(trx, values);
      else if (!(await updatePermission(trx, id, existing.version, values))) {
        throw staleSave('permission');
      }
      const after = await permissionSnapshot(trx, permissionId);
      await logPeopleChange(trx, caller, 'Permission', permissionId, before, after);
      return permissionId;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken(code);
    throw error;
  }
  const saved = await findPermission(db, savedId);
  if (!saved) throw new AppError('NotFound', 'The permission was deleted meanwhile.');
  return permissionView(saved);
}

/** `GET api/permissions/DeletePermission/{id}`: system permissions cannot be deleted. */
export async function removePermission(db: Kysely<Database>, caller: Caller, id: number) {
  const permission = await findPermission(db, id);
  if (!permission) throw new AppError('NotFound', 'The permission does not exist.');
  if (isSystemPermission(id)) {
    throw new AppError(
      'Conflict',
      `'${permission.code}' is a system permission and cannot be deleted.`,
    );
  }
  await db.transaction().execute(async (trx) => {
    const before = await permissionSnapshot(trx, id);
    if (!before || !(await deletePermission(trx, id))) {
      throw new AppError('NotFound', 'The permission does not exist.');
    }
    await logPeopleChange(trx, caller, 'Permission', id, before, undefined);
  });
}
