/** The people module's door: what other parts of the server may use. */
export {
  findRoleIdsByName,
  insertRoleIfMissing,
  upsertSystemPermissions,
} from './repositories/access-control';
export { ensureCompany, ensureGroup, insertUser } from './repositories/people-seed';
export { callerOf } from './routes/caller';
export type { Caller } from './rules/caller';
export { isNameHeldRefusal } from './rules/address-answers';
export { mayManageUser } from './rules/user-access';
export { usersBelongTo } from './rules/users-belong-to';
