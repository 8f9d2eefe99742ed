/** A path of the API: `/api/...` or `/odata/...` (any case), as against the browser app's. */
export const apiPath = /^\/(api|odata)(\/|$)/i;

/**
 * Whether a route belongs to the API, and so must declare a permission and a 2xx response
 * schema: the API paths and the health check.
 */
export function isApiRoute(url: string): boolean {
  return apiPath.test(url) || url === '/health';
}
