const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Matches a path against a route pattern as the route list writes them, in react-router's
 * syntax (`/admin/users/:id`, an optional `:id?`, a trailing `*`), the way react-router
 * does: case-insensitive, a trailing slash allowed. Answers the parameters, or null. The
 * server uses it where react-router cannot run.
 *
 * @example matchRoute('/udt/grid/:gridId', '/udt/grid/1001') // { gridId: '1001' }
 */
export function matchRoute(pattern: string, path: string): Record<string, string> | null {
  const parts = segmentsOf(pattern);
  const values = segmentsOf(path);
  const params: Record<string, string> = {};
  let at = 0;
  for (const part of parts) {
    if (part === '*') {
      params['*'] = values.slice(at).map(decoded).join('/');
      return params;
    }
    const value = values[at];
    if (part.startsWith(':')) {
      const optional = part.endsWith('?');
      if (value === undefined) {
        if (optional) continue;
        return null;
      }
      params[part.slice(1, optional ? -1 : undefined)] = decoded(value);
      at += 1;
      continue;
    }
    if (value === undefined || value.toLowerCase() !== part.toLowerCase()) return null;
    at += 1;
  }
  return at === values.length ? params : null;
}
