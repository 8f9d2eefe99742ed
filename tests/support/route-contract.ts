import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { hasPermission, type PermissionSubject } from '#platform/core';
import { isApiRoute } from '../../server/plugins/api-paths';
import type { RouteEntry } from '../../server/plugins/route-table';
import { sampleOf } from './schema-sample';

/** Someone calling the API: signed out, or signed in with a session. */
export interface ContractCaller {
  name: string;
  /** The headers carrying the caller's session (none when signed out). */
  headers(): Promise<Record<string, string>>;
  /** What the caller may do, as the server's access check sees it. */
  subject(): Promise<PermissionSubject>;
}

export interface ContractOptions {
  callers: readonly ContractCaller[];
  /**
   * Values for a path parameter, by name: some that exist in the data (each tried), and one
   * that does not. Parameters it does not name get `1` and `999999` (integers) or a sample.
   */
  pathValues?(name: string): PathValues | undefined;
  /** Runs after each route has been called by every caller (to restore sessions, say). */
  afterRoute?(route: RouteEntry): Promise<void>;
  /** The routes to exercise; every API route by default. */
  routes?: (routes: readonly RouteEntry[]) => readonly RouteEntry[];
}

export interface PathValues {
  existing: readonly Record<string, string>[] | readonly string[];
  missing: string | Record<string, string>;
}

export interface ContractCall {
  route: RouteEntry;
  caller: string;
  url: string;
  body: string;
  status: number;
}

export interface ContractReport {
  calls: ContractCall[];
  violations: string[];
}

const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Schema = Record<string, unknown>;

/** The response schema a route declares for a status: exact, then `2xx`-style, then default. */
function responseSchema(route: RouteEntry, status: number): Schema | undefined {
  const responses = (route.schema?.response ?? {}) as Record<string, Schema>;
  const declared =
    responses[String(status)] ?? responses[`${String(status)[0]}xx`] ?? responses.default;
  if (!declared) return undefined;
  const content = declared.content as Record<string, { schema: Schema }> | undefined;
  return content ? Object.values(content)[0]?.schema : declared;
}

function pathParams(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
}

function fillPath(url: string, values: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

function queryOf(route: RouteEntry): string {
  const sample = sampleOf(route.schema?.querystring ?? {});
  if (typeof sample !== 'object' || sample === null) return '';
  const entries = Object.entries(sample).filter(([, v]) => v !== null && v !== undefined);
  if (entries.length === 0) return '';
  return `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}`;
}

type PathSet = Record<string, string>;

/** The sample with every value of the wrong type, as a careless or hostile client sends. */
function mistyped(value: unknown): unknown {
  if (Array.isArray(value)) return { 0: value.map(mistyped) };
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mistyped(v)]));
  if (typeof value === 'string') return 12345;
  if (value === null) return [];
  return String(value);
}

/** Path values that exist (each a full set of the route's parameters) and one set that does not. */
function pathSetsOf(route: RouteEntry, options: ContractOptions) {
  const names = pathParams(route.url);
  const properties = ((route.schema?.params as Schema | undefined)?.properties ?? {}) as Record<
    string,
    Schema
  >;
  let existing: PathSet[] = [{}];
  let missing: PathSet = {};
  for (const name of names) {
    const given = options.pathValues?.(name);
    const isInteger = properties[name]?.type === 'integer';
    const fallback = isInteger ? '1' : String(sampleOf(properties[name] ?? { type: 'string' }));
    const values: PathSet[] = (given?.existing ?? [fallback]).map((v) =>
      typeof v === 'string' ? { [name]: v } : v,
    );
    // A parameter filled together with an earlier one (an entity and its field) gives none.
    if (values.length > 0)
      existing = existing.flatMap((set) => values.map((v) => ({ ...v, ...set })));
    const gone = given?.missing ?? (isInteger ? '999999' : 'Nope');
    missing = { ...missing, ...(typeof gone === 'string' ? { [name]: gone } : gone) };
  }
  return { existing, missing: names.length > 0 ? missing : null };
}

interface Variant {
  url: string;
  body: unknown;
  label: string;
}

/**
 * The calls tried on one route: existing and missing ids, no body, `{}`, a sample body and the
 * sample mistyped.
 */
function variantsOf(route: RouteEntry, options: ContractOptions): Variant[] {
  const { existing, missing } = pathSetsOf(route, options);
  const query = queryOf(route);
  const sample = sampleOf(route.schema?.body ?? { type: 'object' });
  const hasBody = bodyMethods.has(route.method);
  const variants: Variant[] = [];
  existing.forEach((values, index) => {
    const url = fillPath(route.url, values);
    variants.push({ url: url + query, body: hasBody ? sample : undefined, label: 'sample' });
    if (index > 0) return;
    if (hasBody) {
      variants.push({ url: url + query, body: undefined, label: 'no body' });
      variants.push({ url: url + query, body: {}, label: '{}' });
      variants.push({ url: url + query, body: mistyped(sample), label: 'mistyped body' });
    }
    if (query) variants.push({ url, body: hasBody ? sample : undefined, label: 'no query' });
  });
  if (missing) {
    const url = fillPath(route.url, missing) + query;
    variants.push({ url, body: hasBody ? sample : undefined, label: 'missing id' });
  }
  return variants;
}

/**
 * Calls every API route the server registered, as each caller, with each variant, and lists
 * every answer that breaks the route's contract: a 5xx; anything but 401 for a signed-out
 * caller, or 403 for a signed-in one, where the route's permission refuses them; a 2xx whose
 * body does not validate against the declared response schema (or a streamed file of another
 * content type); a 4xx without a `Message`.
 */
export async function checkRouteContract(
  app: FastifyInstance,
  options: ContractOptions,
): Promise<ContractReport> {
  const ajv = new Ajv({ strict: false, allErrors: true, coerceTypes: false });
  addFormats(ajv);
  for (const schema of Object.values(app.getSchemas())) ajv.addSchema(schema as Schema);
  const validators = new Map<Schema, ValidateFunction>();
  const validatorOf = (schema: Schema) => {
    let validate = validators.get(schema);
    if (!validate) validators.set(schema, (validate = ajv.compile(schema)));
    return validate;
  };

  const all = app.routeTable.filter((r) => isApiRoute(r.url));
  const routes = options.routes ? options.routes(all) : all;
  const report: ContractReport = { calls: [], violations: [] };

  for (const route of routes) {
    const variants = variantsOf(route, options);
    for (const caller of options.callers) {
      for (const variant of variants) {
        const headers = await caller.headers();
        const response = await app.inject({
          method: route.method as 'GET',
          url: probeUrl(route, variant.url),
          headers:
            variant.body === undefined
              ? headers
              : { ...headers, 'content-type': 'application/json' },
          ...(variant.body === undefined ? {} : { payload: JSON.stringify(variant.body) }),
        });
        const subject = await caller.subject();
        report.calls.push({
          route,
          caller: caller.name,
          url: variant.url,
          body: variant.label,
          status: response.statusCode,
        });
        const problem = contractProblem(route, subject, response, validatorOf);
        if (problem) {
          report.violations.push(
            `${route.method} ${variant.url} as ${caller.name} (${variant.label}): ${problem}`,
          );
        }
      }
    }
    await options.afterRoute?.(route);
  }
  return report;
}

/**
 * An event stream stays open until its client leaves, and inject waits for the end: such a
 * route is asked for its opening lines and first heartbeat only (`once=1`).
 */
function probeUrl(route: RouteEntry, url: string): string {
  if ((route.config as { streams?: unknown }).streams !== 'text/event-stream') return url;
  return `${url}${url.includes('?') ? '&' : '?'}once=1`;
}

function contractProblem(
  route: RouteEntry,
  subject: PermissionSubject,
  response: LightMyRequestResponse,
  validatorOf: (schema: Schema) => ValidateFunction,
): string | null {
  const status = response.statusCode;
  const body = response.body.slice(0, 300);
  if (status >= 500) return `answered ${status}: ${body}`;
  const permission = route.config.permission;
  if (!hasPermission(permission, subject)) {
    const expected = subject.authenticated ? 403 : 401;
    if (status !== expected)
      return `answered ${status} where "${permission}" refuses the caller (${expected} expected)`;
  }
  const contentType = String(response.headers['content-type'] ?? '');
  if (status >= 200 && status < 300) {
    const streams = (route.config as { streams?: string | readonly string[] }).streams;
    if (streams) {
      const types: readonly string[] = typeof streams === 'string' ? [streams] : streams;
      return types.some((type) => contentType.startsWith(type))
        ? null
        : `streamed ${contentType}, not ${types.join(' or ')}`;
    }
    const schema = responseSchema(route, status);
    if (!schema) return `answered ${status}, which the route declares no response schema for`;
    if (status === 204) return response.body === '' ? null : `answered 204 with a body: ${body}`;
    if (!contentType.startsWith('application/json')) return `answered ${contentType}, not JSON`;
    const validate = validatorOf(schema);
    if (!validate(response.json())) {
      return `body breaks the response schema: ${ajvText(validate)}; body ${body}`;
    }
    return null;
  }
  if (status >= 400 && status < 500) {
    if (!contentType.startsWith('application/json')) return `answered ${status} as ${contentType}`;
    const message = (response.json() as { Message?: unknown } | null)?.Message;
    return typeof message === 'string' && message.length > 0
      ? null
      : `answered ${status} without a Message: ${body}`;
  }
  return `answered ${status}`;
}

function ajvText(validate: ValidateFunction): string {
  return (validate.errors ?? [])
    .slice(0, 3)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`)
    .join('; ');
}
