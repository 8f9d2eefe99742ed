/** The sign-in module's door: what other parts of the server may use. */
export {
  startSignedInSession,
  type IdentityProvider,
  type SessionStart,
  type SessionStartContext,
  type SignedInIdentity,
  type StartedSession,
} from './identity-provider';
export { clearLoginFailures } from './repositories/login-attempts';
export { findSessionWithUser, revokeUserSessions } from './repositories/sessions';
export { securitySettings } from './security-settings';
export { resolveSession } from './session-auth';
