import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { CurrentUser } from '#metadata';
import { hasPermission, type PermissionSubject } from '#platform/core';
import { AppError } from '../errors/app-error';

export type SessionUser = CurrentUser;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Permission expression every request to the route must satisfy (see hasPermission). */
    permission?: string;
  }
  interface FastifyRequest {
    currentUser: SessionUser | null;
    permissions: string[];
  }
}

export function subjectOf(request: FastifyRequest): PermissionSubject {
  return { authenticated: request.currentUser !== null, permissions: request.permissions };
}

/**
 * Default deny: every API route must declare a permission, or the server refuses to start.
 * Each request is checked before its handler: 401 when a signed-in user would be needed,
 * 403 when the signed-in user lacks the permission.
 */
export const accessPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('currentUser', null);
    app.decorateRequest('permissions', null as unknown as string[]);
    app.addHook('onRequest', async (request) => {
      request.permissions = [];
    });

    app.addHook('onRoute', (route) => {
      const isApi = /^\/(api|odata)\//i.test(route.url) || route.url === '/health';
      if (isApi && !route.config?.permission) {
        throw new Error(`Route ${route.method} ${route.url} declares no permission`);
      }
    });

    app.addHook('preHandler', async (request) => {
      const permission = request.routeOptions.config.permission;
      if (permission === undefined) return;
      const subject = subjectOf(request);
      if (hasPermission(permission, subject)) return;
      throw subject.authenticated
        ? new AppError('Forbidden', 'You do not have permission to do that.')
        : new AppError('Unauthorized', 'Please sign in to continue.');
    });
  },
  { name: 'access' },
);
