import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { CurrentUser } from '#metadata';
import { hasPermission, type PermissionSubject } from '#platform/core';
import { AppError } from '../errors/app-error';
import { apiPath, isApiRoute } from './api-paths';
import { resolveSession } from '../services/session-auth';
import { clearSessionCookie, sessionCookieName } from './session-cookie';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Permission expression every request to the route must satisfy (see hasPermission). */
    permission?: string;
  }
  interface FastifyRequest {
    currentUser: CurrentUser | null;
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
 * signed in and 403 when signed in.
 */
export const accessPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('currentUser', null);
    app.decorateRequest('permissions', null as unknown as string[]);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('companyId', null);
    app.decorateRequest('roleIds', null as unknown as number[]);

    app.addHook('onRoute', (route) => {
      if (isApiRoute(route.url) && !route.config?.permission) {
        throw new Error(`Route ${route.method} ${route.url} declares no permission`);
      }
    });

    app.addHook('onRequest', async (request, reply) => {
      request.permissions = [];
      request.roleIds = [];
      if (!apiPath.test(request.url) || !hasToken(request)) return;
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
    });

    // Before the body is validated: a caller who may not call the route learns nothing of
    // what it expects (401 or 403, never a 400 describing the body).
    app.addHook('preValidation', async (request) => {
      const permission = request.routeOptions.config.permission;
      if (permission === undefined) return;
      const subject = subjectOf(request);
      if (hasPermission(permission, subject)) return;
      throw subject.authenticated
        ? new AppError('Forbidden', 'You do not have permission to do that.')
        : new AppError('Unauthorized', 'Please sign in to continue.');
    });
  },
  { name: 'access', dependencies: ['database'] },
);
