/** The signed-in user as `GET api/users/GetCurrentUser` returns it (null when anonymous). */
export interface CurrentUser {
  Id: number;
  Name: string;
  FirstName: string;
  Surname: string;
  FullName: string;
  Email: string;
  IsAdmin: boolean;
  Language: string | null;
}

/** Server paths the session store calls. */
export const sessionPaths = {
  currentUser: '/api/users/GetCurrentUser',
  permissions: '/api/auth/permissions',
  logout: '/api/auth/logout',
};
