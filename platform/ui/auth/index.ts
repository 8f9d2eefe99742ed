export { sessionPaths, type CurrentUser } from './current-user';
export { browserFingerprint, prepareBrowserFingerprint } from './browser-fingerprint';
export { hashPassword, PasswordHashingUnavailableError } from './hash-password';
export {
  authPaths,
  captchaLoginDelayMs,
  readLoginOptions,
  requestLogin,
  type LoginOptions,
  type SignInRequest,
} from './login-api';
export {
  loadingUser,
  settledLogout,
  useSession,
  whenSessionLoaded,
  type SessionState,
} from './session-store';
export { useIsAdmin, usePermission } from './use-permission';
