import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preValidationHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import type { CurrentUser } from '#metadata';
import { EVERYBODY, hasPermission, type PermissionSubject } from '#platform/core';
import { AppError } from '../errors/app-error';
import { apiPath, isApiRoute } from './api-paths';
import { resolveSession } from '../modules/sign-in/index';
import { addRouteOnRequest, addRoutePreValidation } from './route-hooks';
import { clearSessionCookie, sessionCookieName } from './session-cookie';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Permission expression every request to the route must satisfy (see hasPermission). */
    permission?: string;
  }
  interface FastifyRequest {
    currentUser: CurrentUser | null;
    /** The caller's permissions ([] when signed out); set on routes that resolve the caller. */
    permissions: string[];
    sessionId: string | null;
    /** The signed-in user's company, when they belong to one. */
    companyId: number | null;
    /** The signed-in user's role ids (none when signed out). */
    roleIds: number[];
  }
}

export function subjectOf(request: FastifyRequest): PermissionSubject {
  return { authenticated: request.currentUser !== null, permissions: request.permissions };
}

/** Refuses a caller the permission expression does not let through: 401 signed out, else 403. */
function requirePermission(permission: string): preValidationHookHandler {
  return (request, _reply, done) => {
    const subject = subjectOf(request);
    if (hasPermission(permission, subject)) return done();
    done(
      subject.authenticated
        ? new AppError('Forbidden', 'You do not have permission to do that.')
        : new AppError('Unauthorized', 'Please sign in to continue.'),
    );
  };
}

function hasToken(request: FastifyRequest): boolean {
  return (
    Boolean(request.cookies[sessionCookieName]) ||
    /^Bearer\s/i.test(request.headers.authorization ?? '')
  );
}

/**
 * Who is calling, and may they? The session token (cookie or bearer header, HS256 only) names
 * a session that must still be live; its user and permissions are read on each request, so
 * logout, deactivation and role changes apply at once. Default deny: every API route must
 * declare a permission, or the server refuses to start. A refused request is 401 when not
 * signed in and 403 when signed in. Only the routes that need it pay for it: the API's routes
 * and those checking a permission other than `everybody` resolve the caller; the others
 * (`/health`, the browser app's files) leave `currentUser` null and the lists unset.
 */
export const accessPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('currentUser', null);
    app.decorateRequest('permissions', null as unknown as string[]);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('companyId', null);
    app.decorateRequest('roleIds', null as unknown as number[]);

    const identifyCaller = async (request: FastifyRequest, reply: FastifyReply) => {
      const sessionId = await request
        .jwtVerify<{ sid: string }>()
        .then((claims) => claims.sid)
        .catch(() => null);
      const resolved = sessionId ? await resolveSession(app.db, sessionId) : null;
      if (!resolved) {
        if (request.cookies[sessionCookieName]) clearSessionCookie(reply);
        return;
      }
      request.currentUser = resolved.user;
      request.permissions = resolved.permissions;
      request.sessionId = resolved.sessionId;
      request.companyId = resolved.companyId;
      request.roleIds = resolved.roleIds;
    };

    // A callback rather than an async hook: a call without a token costs no promise.
    const resolveCaller: onRequestHookHandler = (request, reply, done) => {
      request.permissions = [];
      request.roleIds = [];
      if (!hasToken(request)) return done();
      identifyCaller(request, reply).then(
        () => done(),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    };

    app.addHook('onRoute', (route) => {
      const permission = route.config?.permission;
      if (isApiRoute(route.url) && !permission) {
        throw new Error(`Route ${route.method} ${route.url} declares no permission`);
      }
      const checked = permission !== undefined && permission !== EVERYBODY;
      if (checked || apiPath.test(route.url)) addRouteOnRequest(route, resolveCaller);
      // Before the body is validated: a caller who may not call the route learns nothing of
      // what it expects (401 or 403, never a 400 describing the body).
      if (checked) addRoutePreValidation(route, requirePermission(permission));
    });
  },
  { name: 'access', dependencies: ['database'] },
);
