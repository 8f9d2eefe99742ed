import { create } from 'zustand';
import { dialogs } from '../dialogs';
import { http } from '../http';
import { appI18n } from '../i18n';
import { sessionPaths, type CurrentUser } from './current-user';

export interface SessionState {
  /** The signed-in user, null when anonymous. */
  user: CurrentUser | null;
  /** Permission strings the user holds. */
  permissions: string[];
  authenticated: boolean;
  /** True once the first `load()` finished, whatever its outcome. */
  loaded: boolean;
  /** Reads the current user and, when signed in, their permissions. */
  load: () => Promise<void>;
  /** Forgets user and permissions (after logout). */
  clear: () => void;
  /**
   * Signs out: forgets user and permissions at once, then has the server end the session
   * (it clears the cookie). Never rejects; a server that cannot be reached is only logged.
   */
  logout: () => Promise<void>;
}

const anonymous = { user: null, permissions: [], authenticated: false, loaded: true };

let loading: Promise<void> | null = null;
let readingUser: Promise<CurrentUser | null> | null = null;
let loggingOut: Promise<void> | null = null;

async function endServerSession(): Promise<void> {
  try {
    await http.post(sessionPaths.logout, { errorHandling: 'none' });
  } catch (error) {
    console.warn('The server did not confirm the logout.', error);
  }
}

async function readUser(): Promise<CurrentUser | null> {
  try {
    return await http.get<CurrentUser | null>(sessionPaths.currentUser, { errorHandling: 'none' });
  } catch (error) {
    console.warn('The current user could not be read; continuing anonymously.', error);
    return null;
  }
}

async function readPermissions(): Promise<string[] | Error> {
  try {
    const permissions = await http.post<string[]>(sessionPaths.permissions, {
      errorHandling: 'none',
    });
    return Array.isArray(permissions) ? permissions : [];
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** User and permissions are asked for together, so a signed-in start costs one round trip. */
async function readSession(): Promise<Pick<SessionState, 'user' | 'permissions'>> {
  readingUser = readUser();
  const [user, permissions] = await Promise.all([readingUser, readPermissions()]);
  if (!(permissions instanceof Error)) return { user, permissions };
  if (user) void dialogs.error(`${appI18n.t('SESSION.PERMISSION_FAULT')} ${permissions.message}`);
  return { user, permissions: [] };
}

/**
 * Who is signed in and what they may do. `load()` at start-up and after sign-in,
 * `logout()` to sign out; permission checks re-run whenever it changes.
 *
 * @example
 * await useSession.getState().load();
 * const name = useSession((state) => state.user?.FullName);
 * await useSession.getState().logout();
 */
export const useSession = create<SessionState>()((set) => ({
  user: null,
  permissions: [],
  authenticated: false,
  loaded: false,
  load: () => {
    loading ??= readSession()
      .then(({ user, permissions }) =>
        set({ user, permissions, authenticated: user !== null, loaded: true }),
      )
      .finally(() => {
        loading = null;
      });
    return loading;
  },
  clear: () => set(anonymous),
  logout: () => {
    // Cleared first, so screens opened while the server answers already see no user.
    set(anonymous);
    const ending = endServerSession().finally(() => {
      if (loggingOut === ending) loggingOut = null;
    });
    loggingOut = ending;
    return ending;
  },
}));

/**
 * The user that the running (or last) `load()` reads, as soon as it is known and without
 * waiting for the permissions: for what depends only on who is signed in, such as the
 * language at start-up. Starts a load when none has run.
 *
 * @example const user = await loadingUser(); await initI18n({ userLanguage: user?.Language });
 */
export function loadingUser(): Promise<CurrentUser | null> {
  if (!readingUser) void useSession.getState().load();
  return readingUser ?? Promise.resolve(useSession.getState().user);
}

/**
 * Resolves once a logout in progress has reached the server, so a sign-in right after a
 * sign-out cannot have its new cookie cleared by the late logout answer.
 *
 * @example await settledLogout(); await http.post(authPaths.login, { body });
 */
export function settledLogout(): Promise<void> {
  return loggingOut ?? Promise.resolve();
}

/**
 * Resolves once the session has loaded at least once.
 *
 * @example await whenSessionLoaded();
 */
export function whenSessionLoaded(): Promise<void> {
  if (useSession.getState().loaded) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = useSession.subscribe((state) => {
      if (!state.loaded) return;
      unsubscribe();
      resolve();
    });
  });
}
