/** The account module's door: what other parts of the server may use. */
export { retireUserTickets } from './repositories/account-tickets';
export { findUsersByAddress, findUserStanding } from './repositories/account-users';
export {
  findUserByName,
  recordLogin,
  updatePasswordHash,
  userColumns,
  userIsAdmin,
  userPermissionCodes,
  userRoleIds,
} from './repositories/users';
