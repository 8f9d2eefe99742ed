export { sessionPaths, type CurrentUser } from './current-user';
export { useSession, whenSessionLoaded, type SessionState } from './session-store';
export { useIsAdmin, usePermission } from './use-permission';
