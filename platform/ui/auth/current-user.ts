export type { CurrentUser } from '#metadata';

/** Server paths the session store calls. */
export const sessionPaths = {
  currentUser: '/api/users/GetCurrentUser',
  permissions: '/api/auth/permissions',
  logout: '/api/auth/logout',
};
