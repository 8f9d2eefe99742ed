import type { FilterNode } from './ast';
import { ODataError, quote, sameButCase } from './errors';
import { readOrderBy, readSelect, type ODataSortKey } from './list-options';
import { defaultODataLimits, type ODataLimits, type ODataModel } from './model';
import { parseFilter } from './parser';

/** The query options of an `odata/*` list, read and checked against its model. */
export interface ODataQuery {
  top: number;
  skip: number;
  orderBy: ODataSortKey[];
  filter: FilterNode | null;
  /** Fields and collections to answer; null for all. */
  select: string[] | null;
  count: boolean;
}

export type { ODataSortKey };

export type ODataParams = Record<string, string | string[] | undefined>;

const supported = ['$top', '$skip', '$orderby', '$filter', '$select', '$count', '$inlinecount'];
const notSupported = ['$expand', '$search', '$apply', '$format', '$skiptoken', '$compute'];
const maxSkip = 2_147_483_647;

function refuseOption(name: string): never {
  const option = quote(name).slice(1, -1);
  const suggestion = sameButCase(name.startsWith('$') ? name : `$${name}`, supported);
  const hint = suggestion ? `did you mean '${suggestion}'?` : `options: ${supported.join(', ')}`;
  if (!suggestion && notSupported.includes(name)) {
    throw new ODataError(option, 'is not supported');
  }
  throw new ODataError(option, 'is not a query option', undefined, hint);
}

/** The text of each option given, after checking names, repeats and lengths. */
function readOptions(params: ODataParams, allowed: readonly string[], limits: ODataLimits) {
  const options = new Map<string, string>();
  for (const [name, given] of Object.entries(params)) {
    if (given === undefined || allowed.includes(name)) continue;
    if (!supported.includes(name)) refuseOption(name);
    if (Array.isArray(given) && given.length > 1) {
      throw new ODataError(name, 'is given more than once');
    }
    const text = Array.isArray(given) ? given[0] : given;
    if (text === undefined || text.trim() === '') continue;
    if (text.length > limits.maxOptionLength) {
      const detail = `is longer than ${limits.maxOptionLength} characters (maxOptionLength)`;
      throw new ODataError(name, detail);
    }
    options.set(name, text);
  }
  return options;
}

function readWhole(option: string, text: string, max: number, limit?: string): number {
  const trimmed = text.trim();
  if (!/^\d{1,16}$/.test(trimmed)) {
    throw new ODataError(option, 'must be a whole number of 0 or more');
  }
  const value = Number(trimmed);
  if (value > max) {
    throw new ODataError(option, `may be at most ${max}${limit ? ` (${limit})` : ''}`);
  }
  return value;
}

/**
 * Reads the OData query options of a list request and checks every field and function
 * against the model. Anything else in `params` is refused unless named in `allowed`; blank
 * options count as absent. Throws ODataError, whose message can be shown as it is.
 *
 * @example
 * parseODataQuery({ $filter: "Active eq true", $orderby: 'Name desc', $top: '20' }, model)
 * // { top: 20, skip: 0, orderBy: [{ field: 'Name', desc: true }], filter: {...}, select: null, count: false }
 */
export function parseODataQuery(
  params: ODataParams,
  model: ODataModel,
  limits: Partial<ODataLimits> = {},
  defaults: { orderBy?: ODataSortKey[]; top?: number } = {},
  allowed: readonly string[] = [],
): ODataQuery {
  const all = { ...defaultODataLimits, ...limits };
  const options = readOptions(params, allowed, all);
  const count = options.get('$count');
  if (count !== undefined && count !== 'true' && count !== 'false') {
    throw new ODataError('$count', 'must be true or false');
  }
  // OData v2 and v3 clients ask the count as `$inlinecount=allpages` (`none` asks nothing).
  const inlineCount = options.get('$inlinecount');
  if (inlineCount !== undefined && inlineCount !== 'allpages' && inlineCount !== 'none') {
    throw new ODataError('$inlinecount', 'must be allpages or none');
  }
  const top = options.get('$top');
  const skip = options.get('$skip');
  const orderBy = options.get('$orderby');
  const filter = options.get('$filter');
  const select = options.get('$select');
  const readTop = (text: string) => readWhole('$top', text, all.maxTop, 'maxTop');
  return {
    top: top === undefined ? (defaults.top ?? all.maxTop) : readTop(top),
    skip: skip === undefined ? 0 : readWhole('$skip', skip, maxSkip),
    orderBy: (orderBy === undefined
      ? [...(defaults.orderBy ?? [])]
      : readOrderBy(orderBy, model)
    ).map((key) => ({ ...key, nullable: model.fields[key.field]?.nullable ?? true })),
    filter: filter === undefined ? null : parseFilter(filter, model, all),
    select: select === undefined ? null : readSelect(select, model),
    count: count === 'true' || inlineCount === 'allpages',
  };
}
