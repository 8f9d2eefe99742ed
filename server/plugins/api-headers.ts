import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors/app-error';
import { apiPath } from './api-paths';
import { addRouteOnRequest } from './route-hooks';
import { sessionCookieName } from './session-cookie';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route changes data although its method is GET (the spec deletes with GET): it
     * answers only calls the application itself makes, never a link or form of another site.
     */
    stateChanging?: boolean;
  }
}

export interface ApiHeadersOptions {
  /** The configured public address (`PUBLIC_URL`), whose origin is the application's own. */
  publicUrl: string | null;
}

/** `https://example.com:8443/path` -> `https://example.com:8443`; null when not a URL. */
function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The origins the application answers on: the configured public one, and the host the
 * request was sent to (`Host`, or `X-Forwarded-Host` behind a trusted proxy) under either
 * scheme, since a proxy that ends TLS may hide the scheme the browser used.
 */
function ownOrigins(request: FastifyRequest, publicOrigin: string | null): Set<string> {
  const origins = new Set<string>();
  if (publicOrigin) origins.add(publicOrigin);
  for (const scheme of ['http', 'https']) {
    const origin = originOf(`${scheme}://${request.host}`);
    if (origin) origins.add(origin);
  }
  return origins;
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Why a state-changing call must be refused, or null to let it through. A browser names where
 * a request comes from in `Origin`, `Referer` and the Fetch Metadata headers (`Sec-Fetch-*`);
 * a page of another site can neither forge nor remove the latter, and the session cookie
 * (SameSite=Lax) still rides along on a top-level navigation from it. So:
 * - `Origin` or `Referer` naming another origin (or `Origin: null`) is refused;
 * - Fetch Metadata must say a same-origin `fetch` (not a navigation, an image or a form);
 * - a call carrying the session cookie must show at least one of these headers, or the
 *   application client's `X-Requested-With: XMLHttpRequest` (which another site cannot add
 *   without a CORS preflight): a browser without Fetch Metadata that sends neither Origin nor
 *   Referer cannot otherwise be told apart from a link on another site.
 * Callers with a bearer token and no cookie are programs, not browsers: no header is needed.
 */
export function stateChangeRefusal(
  request: FastifyRequest,
  publicOrigin: string | null,
): string | null {
  const origin = single(request.headers.origin);
  const referer = single(request.headers.referer);
  const site = single(request.headers['sec-fetch-site']);
  const mode = single(request.headers['sec-fetch-mode']);
  const dest = single(request.headers['sec-fetch-dest']);
  const own = ownOrigins(request, publicOrigin);
  if (origin !== undefined && !own.has(originOf(origin) ?? '')) {
    return 'Origin names another site';
  }
  if (referer !== undefined && !own.has(originOf(referer) ?? '')) {
    return 'Referer names another site';
  }
  if (site !== undefined && site !== 'same-origin') return `Sec-Fetch-Site is ${site}`;
  if (mode !== undefined && mode !== 'cors' && mode !== 'same-origin') {
    return `Sec-Fetch-Mode is ${mode}`;
  }
  if (dest !== undefined && dest !== 'empty') return `Sec-Fetch-Dest is ${dest}`;
  // A custom header needs a CORS preflight this server never grants to another site.
  const ownClient = single(request.headers['x-requested-with']) === 'XMLHttpRequest';
  const byCookie = Boolean(request.cookies[sessionCookieName]);
  const unmarked = origin === undefined && referer === undefined && site === undefined;
  if (byCookie && unmarked && !ownClient) {
    return 'no Origin, Referer or Fetch Metadata';
  }
  return null;
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The bodies an HTML form or a no-cors fetch of another site can send without a preflight. */
const formMediaTypes = new Set([
  'multipart/form-data',
  'application/x-www-form-urlencoded',
  'text/plain',
]);

/**
 * Whether a call could have been sent by another site without asking (a "simple" request in
 * CORS terms): an unsafe method with a body a form can send, or with none at all. A JSON body
 * needs a preflight this server never grants to another site, so it is the application's own
 * or a program's.
 */
export function couldBeCrossSiteForm(request: FastifyRequest): boolean {
  if (!unsafeMethods.has(request.method)) return false;
  const type = request.headers['content-type'];
  if (type === undefined) return true;
  return formMediaTypes.has(type.split(';')[0]!.trim().toLowerCase());
}

/** Whether an answer keeps the Cache-Control its route set (see apiHeadersPlugin). */
function keepsOwnCaching(request: FastifyRequest, reply: FastifyReply): boolean {
  const given = reply.getHeader('cache-control');
  if (typeof given !== 'string' || request.routeOptions.config?.permission !== 'everybody') {
    return false;
  }
  // The route vouches for an answer that is the same for every caller.
  return request.currentUser === null || /\bpublic\b/i.test(given);
}

/**
 * Headers and checks every API call shares:
 * - every `api/*` and `odata/*` answer, errors included, carries `Cache-Control: no-store`, so
 *   no browser or proxy keeps a copy of what a signed-in user saw. A route open to
 *   `everybody` that sets its own Cache-Control keeps it for anonymous callers (the language
 *   list, `no-cache`), and for signed-in ones too when it says `public` (versioned
 *   translation files, the same for everybody). Static files are not API answers and keep
 *   their own caching;
 * - a route with `config: { stateChanging: true }` answers 403 to any call that is not the
 *   application's own (see stateChangeRefusal), and so does every API call that another site
 *   could send as a form (an upload, a form post, a body-less POST: see couldBeCrossSiteForm).
 * Registered after the access plugin, whose onRequest hook has resolved the session.
 */
export const apiHeadersPlugin = fp<ApiHeadersOptions>(
  async (app: FastifyInstance, { publicUrl }) => {
    const publicOrigin = publicUrl ? originOf(publicUrl) : null;

    const refuseForeignCalls: onRequestHookHandler = (request, _reply, done) => {
      const refusal = stateChangeRefusal(request, publicOrigin);
      if (refusal === null) return done();
      request.log.warn({ refusal }, 'state-changing call from outside the application refused');
      done(new AppError('Forbidden', 'This call must come from the application itself.'));
    };
    app.addHook('onRoute', (route) => {
      if (route.config?.stateChanging === true) addRouteOnRequest(route, refuseForeignCalls);
      else if (apiPath.test(route.url)) {
        addRouteOnRequest(route, (request, reply, done) =>
          couldBeCrossSiteForm(request)
            ? refuseForeignCalls.call(app, request, reply, done)
            : done(),
        );
      }
    });

    // Every answer, not only the API routes': an unknown `api/*` path answers from the
    // not-found handler. A callback that returns at once for any other path.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (apiPath.test(request.url) && !keepsOwnCaching(request, reply)) {
        reply.header('Cache-Control', 'no-store');
      }
      done(null, payload);
    });
  },
  { name: 'api-headers', dependencies: ['access'] },
);
