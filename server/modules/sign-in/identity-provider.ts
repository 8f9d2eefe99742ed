import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/config';
import { setSessionCookie } from '../../plugins/session-cookie';
import { parseUserAgent } from '../../security/user-agent';
import { findUserStanding, recordLogin } from '../account/index';
import { insertLoginAudit } from '../login-audit/index';
import type { ModuleOptions } from '../module';
import { insertSession, revokeSession } from './repositories/sessions';
import { securitySettings } from './security-settings';

/**
 * One way of proving who a user is: the password form, a SAML 2.0 or an OpenID Connect
 * identity provider. A provider's calls (the login form, an assertion consumer, a callback)
 * establish the user their own way and end in `startSignedInSession`, which alone starts a
 * session, so every provider gets the same account checks, cookie and login audit.
 *
 * @example
 * const corporate: IdentityProvider = {
 *   id: 'oidc:corporate',
 *   title: 'Corporate account',
 *   async routes(app, { config }) {
 *     app.get(callbackUrl, { config: { permission: 'everybody' }, schema }, async (request, reply) => {
 *       const claims = await exchangeCode(request);
 *       const start = await startSignedInSession(
 *         { request, reply, config },
 *         { provider: 'oidc:corporate', userId: await userOf(claims), loginName: claims.email },
 *       );
 *       return reply.redirect(start.started ? '/' : '/login?refused');
 *     });
 *   },
 * };
 */
export interface IdentityProvider {
  /** What the login audit records: `password`, `saml:<name>`, `oidc:<name>`. */
  id: string;
  /** Its name where the sign-in screen offers it. */
  title: string;
  /** Its calls, registered under the sign-in module. */
  routes: FastifyPluginAsync<ModuleOptions>;
}

/** Who a provider established, and how they asked to stay signed in. */
export interface SignedInIdentity {
  /** The provider's `id`. */
  provider: string;
  userId: number;
  /** The name the user was known by to the provider, kept in the login audit. */
  loginName: string;
  /** Keep the session past the browser's ("remember me"). */
  remember?: boolean;
  fingerPrint?: string | null;
}

export interface StartedSession {
  id: string;
  userId: number;
  remember: boolean;
  expiresAt: Date;
}

/**
 * A session started, or why the account may not have one: unknown, not active (turned off by
 * an administrator), or a self-registered account whose address is not confirmed yet.
 */
export type SessionStart =
  | { started: true; session: StartedSession }
  | { started: false; refusal: 'UserNotFound' | 'UserNotActive'; emailNotConfirmed: boolean };

/** The call that starts the session: its request and reply, and the server's public URL. */
export interface SessionStartContext {
  request: FastifyRequest;
  reply: FastifyReply;
  config: Pick<AppConfig, 'publicUrl'>;
}

/**
 * Starts a session for a user a provider has established: refuses an account that may not
 * sign in whatever the provider says, else writes the session, the user's last login and the
 * session cookie (ending the caller's previous session). Either way the attempt goes into the
 * login audit with its provider.
 */
export async function startSignedInSession(
  { request, reply, config }: SessionStartContext,
  identity: SignedInIdentity,
): Promise<SessionStart> {
  const db = request.server.db;
  const audit = (userId: number | null, loginResult: string) =>
    insertLoginAudit(db, {
      userId,
      ip: request.ip,
      email: identity.loginName,
      loginResult,
      httpMethod: request.method,
      fingerPrint: identity.fingerPrint ?? null,
      provider: identity.provider,
      ...parseUserAgent(request.headers['user-agent']),
    });

  const user = await findUserStanding(db, identity.userId);
  if (!user) {
    await audit(null, 'UserNotFound');
    return { started: false, refusal: 'UserNotFound', emailNotConfirmed: false };
  }
  if (!user.active || user.awaitsEmailConfirmation) {
    await audit(user.id, 'UserNotActive');
    return { started: false, refusal: 'UserNotActive', emailNotConfirmed: user.active };
  }

  const settings = await securitySettings(db);
  const remember = identity.remember ?? false;
  const lifetimeMs = remember
    ? settings.rememberMeDays * 86_400_000
    : settings.sessionHours * 3_600_000;
  const session = {
    id: randomUUID(),
    userId: user.id,
    remember,
    expiresAt: new Date(Date.now() + lifetimeMs),
  };
  await recordLogin(db, user.id);
  await insertSession(db, {
    ...session,
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
  });
  if (request.sessionId) await revokeSession(db, request.sessionId);
  await setSessionCookie(request, reply, session, config.publicUrl);
  await audit(user.id, '');
  return { started: true, session };
}
