import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { type WebServiceItem, webServiceItemSchema, webServicesQuerySchema } from '#metadata';
import type { RouteEntry } from '../../../plugins/route-table';
import { isApiRoute, isAudited } from '../audited-routes';

/** Spec 9: ANY is every method, ANYR a read (GET or HEAD, the twin of every GET). */
function methodMatches(route: RouteEntry, method: string): boolean {
  if (method === 'ANY') return true;
  if (method === 'ANYR' || method === 'HEAD') return route.method === 'GET';
  return route.method === method;
}

/**
 * `GET /api/ViewWebservices/GetViewWebservices?method=&audited=`: every API route the server
 * registered (its own route table, never a hand-kept list), by path then method.
 */
export async function webServiceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/api/ViewWebservices/GetViewWebservices',
    {
      config: { permission: 'ManagePermissions' },
      schema: {
        querystring: webServicesQuerySchema,
        response: { 200: { type: 'array', items: webServiceItemSchema } },
      },
    },
    async (request): Promise<WebServiceItem[]> => {
      const method = request.query.method ?? 'ANY';
      const auditedOnly = request.query.audited === 3;
      return app.routeTable
        .filter(isApiRoute)
        .filter((route) => methodMatches(route, method))
        .filter((route) => !auditedOnly || isAudited(route))
        .map((route) => ({
          Name: `${route.method} ${route.url}`,
          ActionPath: route.url,
          Method: route.method,
          Audited: isAudited(route),
        }))
        .sort(
          (a, b) =>
            a.ActionPath.localeCompare(b.ActionPath, 'en') || a.Method.localeCompare(b.Method),
        );
    },
  );
}
