import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { CollectionStorage, EntityStorage } from '#metadata';
import {
  typeOf,
  type ArithmeticNode,
  type CallNode,
  type CompareNode,
  type FilterNode,
  type InNode,
  type LambdaNode,
  type LiteralNode,
} from '#platform/core';
import {
  column,
  escapeLike,
  escapeLikeSql,
  fieldSql,
  itemFieldSql,
  lookupComparison,
} from './field-sql';

/**
 * The SQL of each filter variable (see FilterVariables) a filter may use: a scalar one is a
 * value (`cast(7 as bigint)`), a list one a query of one column (`select unit_id from ...`).
 * The caller decides what an unbound variable means before building SQL: here every variable
 * the filter names must have its SQL.
 */
export type VariableSql = Readonly<Record<string, RawBuilder<unknown>>>;

interface Context {
  storage: EntityStorage;
  variables: ReadonlyMap<string, { alias: string; collection: CollectionStorage }>;
  bound: VariableSql;
  /** Numbers the aliases of nested any/all subqueries. */
  counter: { next: number };
}

const literalTypes = {
  string: sql`text`,
  integer: sql`bigint`,
  number: sql`numeric`,
  boolean: sql`boolean`,
  date: sql`date`,
  datetime: sql`timestamptz`,
  time: sql`time`,
} as const;

const operators = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' } as const;

const fields = { year: 'year', month: 'month', day: 'day', hour: 'hour', minute: 'minute' };

function literal(node: LiteralNode): RawBuilder<unknown> {
  if (node.type === 'null') return sql`null`;
  return sql`cast(${node.value} as ${literalTypes[node.type]})`;
}

/**
 * Date and time parts (`year` ... `second`, `date`, `time`) of a date and time are read in UTC,
 * whatever the session's time zone: values are stored as instants (timestamptz) and answered
 * in UTC (`...Z`), so a client reading a row sees the same hour as its filter tests.
 */
function inUtc(node: FilterNode, value: RawBuilder<unknown>): RawBuilder<unknown> {
  return typeOf(node).type === 'datetime' ? sql`(${value} at time zone 'UTC')` : value;
}

function likePattern(node: FilterNode, prefix: string, suffix: string, context: Context) {
  if (node.kind === 'literal' && node.type === 'string') {
    return sql`cast(${`${prefix}${escapeLike(node.value)}${suffix}`} as text)`;
  }
  const escaped = escapeLikeSql(value(node, context));
  return sql`(cast(${prefix} as text) || ${escaped} || cast(${suffix} as text))`;
}

/**
 * A whole number as `substr` takes it: below 0 counts as 0, above int4 as its largest, null
 * stays null (`greatest` and `least` alone would skip it).
 */
function textPosition(node: FilterNode, context: Context, plus: number): RawBuilder<unknown> {
  const given = value(node, context);
  const clamped = sql`case when ${given} is null then null
    else least(greatest(${given}, 0), 2147483646) end`;
  return sql`cast(${clamped} + ${sql.lit(plus)} as integer)`;
}

/** A number as an exact numeric, so sums and products of whole numbers cannot overflow. */
function exact(node: FilterNode, context: Context): RawBuilder<unknown> {
  return sql`cast(${value(node, context)} as numeric)`;
}

/**
 * `round`, `floor` and `ceiling` of a number (exact, so that `round` takes a half away from
 * zero as OData says); of a whole number, the number itself.
 */
function rounded(node: CallNode, context: Context): RawBuilder<unknown> {
  const [arg] = node.args;
  if (typeOf(arg!).type === 'integer') return value(arg!, context);
  const fn = { round: sql`round`, floor: sql`floor`, ceiling: sql`ceil` }[
    node.name as 'round' | 'floor' | 'ceiling'
  ];
  return sql`${fn}(${exact(arg!, context)})`;
}

/**
 * Arithmetic in exact numerics. A `div` or `mod` by zero is null (a row it would reject, never
 * an error); `div` of whole numbers truncates toward zero (PostgreSQL's `div`).
 */
function arithmetic(node: ArithmeticNode, context: Context): RawBuilder<unknown> {
  const left = exact(node.left, context);
  const right = exact(node.right, context);
  switch (node.op) {
    case 'add':
      return sql`(${left} + ${right})`;
    case 'sub':
      return sql`(${left} - ${right})`;
    case 'mul':
      return sql`(${left} * ${right})`;
    case 'div':
      return node.type === 'integer'
        ? sql`div(${left}, nullif(${right}, 0))`
        : sql`(${left} / nullif(${right}, 0))`;
    case 'mod':
      return sql`mod(${left}, nullif(${right}, 0))`;
  }
}

function call(node: CallNode, context: Context): RawBuilder<unknown> {
  const [first, second, third] = node.args;
  const arg = () => value(first!, context);
  switch (node.name) {
    case 'contains':
    case 'startswith':
    case 'endswith': {
      const prefix = node.name === 'startswith' ? '' : '%';
      const suffix = node.name === 'endswith' ? '' : '%';
      return sql`(${arg()} like ${likePattern(second!, prefix, suffix, context)} escape '\\')`;
    }
    case 'indexof':
      return sql`(strpos(${arg()}, ${value(second!, context)}) - 1)`;
    case 'substring':
      return third
        ? sql`substr(${arg()}, ${textPosition(second!, context, 1)}, ${textPosition(third, context, 0)})`
        : sql`substr(${arg()}, ${textPosition(second!, context, 1)})`;
    case 'concat':
      return sql`(${arg()} || ${value(second!, context)})`;
    case 'tolower':
      return sql`lower(${arg()})`;
    case 'toupper':
      return sql`upper(${arg()})`;
    case 'trim':
      return sql`btrim(${arg()})`;
    case 'length':
      return sql`char_length(${arg()})`;
    case 'second':
      return sql`cast(floor(extract(second from ${inUtc(first!, arg())})) as integer)`;
    case 'date':
      return sql`cast(${inUtc(first!, arg())} as date)`;
    case 'time':
      return sql`cast(${inUtc(first!, arg())} as time)`;
    case 'now':
      // The database's clock: the same instant for the whole statement (its transaction's).
      return sql`now()`;
    case 'round':
    case 'floor':
    case 'ceiling':
      return rounded(node, context);
    default:
      return sql`cast(extract(${sql.raw(fields[node.name])} from ${inUtc(first!, arg())}) as integer)`;
  }
}

function value(node: FilterNode, context: Context): RawBuilder<unknown> {
  switch (node.kind) {
    case 'literal':
      return literal(node);
    case 'field':
      return fieldSql(context.storage, node.name);
    case 'itemField': {
      const scope = context.variables.get(node.variable)!;
      return itemFieldSql(scope.collection, scope.alias, node.name);
    }
    case 'call':
      return call(node, context);
    case 'arithmetic':
      return arithmetic(node, context);
    case 'variable':
      return variable(node.name, context);
    default:
      // A condition used as a value is never null in OData: `(A eq null) eq false`.
      return sql`coalesce(${condition(node, context)}, false)`;
  }
}

/** A date compared with a date and time is its midnight in UTC. */
function comparable(node: FilterNode, other: FilterNode, context: Context) {
  const sqlValue = value(node, context);
  const promote = typeOf(node).type === 'date' && typeOf(other).type === 'datetime';
  return promote ? sql`(cast(${sqlValue} as timestamp) at time zone 'UTC')` : sqlValue;
}

const mirrored = { eq: '=', gt: '<', ge: '<=', lt: '>', le: '>=' } as const;

/**
 * A looked-up field compared with a literal, as a semi-join (see lookupComparison); null for
 * anything else, and for `ne`, which is true on a missing row.
 */
function lookupSemiJoin(node: CompareNode, context: Context): RawBuilder<unknown> | null {
  if (node.op === 'ne') return null;
  const { left, right } = node;
  // Dates compared with instants are promoted first (see comparable): left to the plain form.
  const types = [typeOf(left).type, typeOf(right).type];
  if (types.includes('date') || types.includes('datetime')) return null;
  if (left.kind === 'field' && right.kind === 'literal' && right.type !== 'null') {
    const operator = operators[node.op] as '=' | '<' | '<=' | '>' | '>=';
    return lookupComparison(context.storage, left.name, operator, literal(right));
  }
  if (right.kind === 'field' && left.kind === 'literal' && left.type !== 'null') {
    return lookupComparison(context.storage, right.name, mirrored[node.op], literal(left));
  }
  return null;
}

/** Comparisons follow OData: null eq null is true, null ne 'x' is true, null gt 1 is false. */
function compare(node: CompareNode, context: Context): RawBuilder<unknown> {
  const [left, right] = [typeOf(node.left), typeOf(node.right)];
  if (left.type === 'null' || right.type === 'null') {
    const other = value(left.type === 'null' ? node.right : node.left, context);
    return node.op === 'eq' ? sql`(${other} is null)` : sql`(${other} is not null)`;
  }
  const semiJoin = lookupSemiJoin(node, context);
  if (semiJoin) return semiJoin;
  const a = comparable(node.left, node.right, context);
  const b = comparable(node.right, node.left, context);
  if (node.op === 'eq' && left.nullable && right.nullable)
    return sql`(${a} is not distinct from ${b})`;
  if (node.op === 'ne' && (left.nullable || right.nullable))
    return sql`(${a} is distinct from ${b})`;
  return sql`(${a} ${sql.raw(operators[node.op])} ${b})`;
}

function variable(name: string, context: Context): RawBuilder<unknown> {
  const bound = Object.hasOwn(context.bound, name) ? context.bound[name] : undefined;
  if (!bound) throw new Error(`The filter variable ${name} has no value`);
  return bound;
}

/** `x in (1, 2)` and `x in $List`: null (false) for a null operand, as OData's `eq` is. */
function inList(node: InNode, context: Context): RawBuilder<unknown> {
  if ('variable' in node) {
    return sql`(${value(node.operand, context)} in (${variable(node.variable.name, context)}))`;
  }
  // Dates among instants are compared as instants (see comparable), on both sides.
  const nodes = [node.operand, ...node.values];
  const instant = nodes.find((item) => typeOf(item).type === 'datetime');
  const [operand, ...values] = nodes.map((item) =>
    instant ? comparable(item, instant, context) : value(item, context),
  );
  return sql`(${operand} in (${sql.join(values)}))`;
}

function lambda(node: LambdaNode, context: Context): RawBuilder<unknown> {
  const { collections = {} } = context.storage;
  const collection = Object.hasOwn(collections, node.collection) && collections[node.collection];
  if (!collection)
    throw new Error(`${context.storage.table} has no storage for ${node.collection}`);
  context.counter.next += 1;
  const [link, item] = [`l${context.counter.next}`, `i${context.counter.next}`];
  const { through, itemTable, itemKey } = collection;
  const from = sql`select 1 from ${sql.table(through.table)} as ${sql.id(link)}
    join ${sql.table(itemTable)} as ${sql.id(item)}
      on ${column(item, itemKey)} = ${column(link, through.itemColumn)}
    where ${column(link, through.ownerColumn)} = ${column(context.storage.table, context.storage.key)}`;
  if (node.predicate === null) return sql`exists (${from})`;
  const variables = new Map(context.variables);
  variables.set(node.variable!, { alias: item, collection });
  const predicate = condition(node.predicate, { ...context, variables });
  return node.quantifier === 'any'
    ? sql`exists (${from} and ${predicate})`
    : sql`not exists (${from} and not coalesce(${predicate}, false))`;
}

function condition(node: FilterNode, context: Context): RawBuilder<unknown> {
  switch (node.kind) {
    case 'and':
    case 'or': {
      const operands = node.operands.map((operand) => condition(operand, context));
      return sql`(${sql.join(operands, node.kind === 'and' ? sql` and ` : sql` or `)})`;
    }
    case 'not':
      // Unknown (null) counts as false, so `not` must not turn it into unknown again.
      return sql`(not coalesce(${condition(node.operand, context)}, false))`;
    case 'compare':
      return compare(node, context);
    case 'lambda':
      return lambda(node, context);
    case 'in':
      return inList(node, context);
    default:
      return value(node, context);
  }
}

/**
 * The SQL condition of a checked `$filter` over the entity's table (under its own name).
 * Every identifier comes from `storage`, every value is a parameter; `bound` is the SQL of
 * the variables a rule's filter may use.
 *
 * @example db.selectFrom('units').where(filterSql(query.filter, unitEntity.storage))
 */
export function filterSql(
  node: FilterNode,
  storage: EntityStorage,
  bound: VariableSql = {},
): RawBuilder<SqlBool> {
  const context = { storage, variables: new Map(), bound, counter: { next: 0 } };
  const sqlCondition = condition(node, context);
  return sql<SqlBool>`${sqlCondition}`;
}
