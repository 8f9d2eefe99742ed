import {
  functionNames,
  typeOf,
  type ArithmeticOp,
  type CompareOp,
  type FilterNode,
  type FunctionName,
  type LambdaNode,
  type LiteralNode,
  type ScalarType,
  type ValueType,
  type VariableNode,
} from './ast';
import { ODataError, quote, unknownHint } from './errors';
import { formatFilter } from './format';
import { signatures } from './functions';
import type { FilterVariables, ODataLimits, ODataModel } from './model';
import { own } from './own';
import { checkLambdaScope, resolvePath, type Scope } from './resolve';

const typeNames: Record<ValueType, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  date: 'a date',
  datetime: 'a date and time',
  time: 'a time of day',
  null: 'null',
};

const families: Record<ValueType, string> = {
  string: 'string',
  integer: 'number',
  number: 'number',
  boolean: 'boolean',
  date: 'time',
  datetime: 'time',
  time: 'clock',
  null: 'null',
};

function describe(node: FilterNode): string {
  return `${quote(formatFilter(node))} is ${typeNames[typeOf(node).type]}`;
}

/**
 * Builds the nodes of a `$filter` while checking each against the model, so that the first
 * mistake from the left is the one reported. Counts nodes and tree depth against the limits.
 */
export class FilterChecker {
  private nodes = 0;
  private readonly depths = new WeakMap<FilterNode, number>();

  constructor(
    private readonly option: string,
    private readonly model: ODataModel,
    private readonly limits: ODataLimits,
    private readonly variables: FilterVariables = {},
  ) {}

  private fail(detail: string, position: number, hint?: string): never {
    throw new ODataError(this.option, detail, position, hint);
  }

  private add<Node extends FilterNode>(node: Node, children: FilterNode[], position: number) {
    this.nodes += 1;
    if (this.nodes > this.limits.maxFilterNodes) {
      this.fail(`has more than ${this.limits.maxFilterNodes} parts (maxFilterNodes)`, position);
    }
    const depth = children.reduce((most, child) => Math.max(most, 1 + this.depths.get(child)!), 1);
    if (depth > this.limits.maxFilterDepth) {
      this.fail(
        `nests deeper than ${this.limits.maxFilterDepth} levels (maxFilterDepth)`,
        position,
      );
    }
    this.depths.set(node, depth);
    return node;
  }

  private condition(node: FilterNode, position: number, what: string, hint?: string) {
    if (typeOf(node).type === 'boolean') return;
    this.fail(what, position, hint ? `${describe(node)}; ${hint}` : describe(node));
  }

  /** A list variable stands only on the right of `in`. */
  private single(node: FilterNode, position: number) {
    if (node.kind !== 'variable' || !node.list) return;
    this.fail(`${quote(node.name)} holds many values`, position, `write Field in ${node.name}`);
  }

  /** Refuses to compare values of different families (text with a number, ...). */
  private sameFamily(left: FilterNode, right: FilterNode, op: string, position: number) {
    const [a, b] = [typeOf(left), typeOf(right)];
    const compared = `${quote(formatFilter(left))} ${op} ${quote(formatFilter(right))}`;
    if (families[a.type] !== families[b.type]) {
      const types = `${describe(left)} and ${describe(right)}`;
      this.fail(`cannot compare ${compared}`, position, types);
    }
  }

  literal(node: LiteralNode, position: number): FilterNode {
    return this.add(node, [], position);
  }

  /** `$CurrentUser`: one of the variables the parser was given. */
  variable(name: string, position: number): VariableNode {
    const declared = own(this.variables, name);
    if (!declared) {
      const names = Object.keys(this.variables);
      if (names.length === 0) {
        this.fail(`${quote(name)} is not allowed here`, position, 'variables belong in rules only');
      }
      this.fail(`unknown variable ${quote(name)}`, position, unknownHint(name, names, 'variables'));
    }
    const node = { kind: 'variable', name, type: declared.type, list: declared.list } as const;
    return this.add(node, [], position);
  }

  /** `operand in $List`; `at` is the position of the variable. */
  inVariable(operand: FilterNode, variable: VariableNode, position: number, at: number) {
    this.single(operand, position);
    if (!variable.list) {
      const hint = `write ${formatFilter(operand)} eq ${variable.name}`;
      this.fail(`${quote(variable.name)} is one value, not a list`, at, hint);
    }
    this.notNull(operand, position);
    this.sameFamily(operand, variable, 'in', position);
    return this.add({ kind: 'in', operand, variable }, [operand, variable], position);
  }

  /** `operand in (a, b)`; `positions` holds the position of each value. */
  inValues(operand: FilterNode, values: FilterNode[], position: number, positions: number[]) {
    this.single(operand, position);
    this.notNull(operand, position);
    values.forEach((value, index) => {
      const at = positions[index]!;
      const isValue =
        (value.kind === 'literal' && value.type !== 'null') ||
        (value.kind === 'variable' && !value.list);
      if (!isValue) {
        const hint = "a list holds values such as (1, 2, 3); write 'eq null' for null";
        this.single(value, at);
        this.fail(`${quote(formatFilter(value))} cannot be in a list`, at, hint);
      }
      this.sameFamily(operand, value, 'in', at);
    });
    return this.add({ kind: 'in', operand, values }, [operand, ...values], position);
  }

  private notNull(operand: FilterNode, position: number) {
    if (typeOf(operand).type === 'null') this.fail('null is in no list', position);
  }

  /** `Name`, or `r/Name` when `first` is a lambda variable. */
  path(first: string, second: string | null, position: number, scopes: readonly Scope[]) {
    const node = resolvePath(this.option, this.model, { first, second, position }, scopes);
    return this.add(node, [], position);
  }

  /** Checks the collection and variable of `Roles/any(r: ...)` before its predicate is read. */
  lambdaScope(
    collection: string,
    variable: string | null,
    position: number,
    scopes: readonly Scope[],
  ) {
    checkLambdaScope(this.option, this.model, { collection, variable, position }, scopes);
  }

  lambda(node: LambdaNode, position: number): FilterNode {
    if (node.predicate === null && node.quantifier === 'all') {
      this.fail(`all needs a condition`, position, `write ${node.collection}/all(x: x/... eq ...)`);
    }
    if (node.predicate) {
      const what = `the condition of ${node.quantifier} must be true or false`;
      this.condition(node.predicate, position, what);
    }
    return this.add(node, node.predicate ? [node.predicate] : [], position);
  }

  compare(op: CompareOp, left: FilterNode, right: FilterNode, position: number): FilterNode {
    this.single(left, position);
    this.single(right, position);
    const [a, b] = [typeOf(left), typeOf(right)];
    const compared = `${quote(formatFilter(left))} ${op} ${quote(formatFilter(right))}`;
    if (a.type === 'null' || b.type === 'null') {
      const other = a.type === 'null' ? right : left;
      if (op !== 'eq' && op !== 'ne') {
        this.fail(`null can only be compared with eq or ne, not ${op}`, position);
      }
      // On a field that is never null, `eq null` holds for no row and `ne null` for every one.
      if (typeOf(other).type === 'null') this.fail('compares null with null', position);
    } else if (families[a.type] !== families[b.type]) {
      const types = `${describe(left)} and ${describe(right)}`;
      this.fail(`cannot compare ${compared}`, position, types);
    } else if (a.type === 'boolean' && op !== 'eq' && op !== 'ne') {
      this.fail(`cannot compare ${compared}`, position, 'true or false compare only with eq or ne');
    }
    return this.add({ kind: 'compare', op, left, right }, [left, right], position);
  }

  logical(kind: 'and' | 'or', operands: FilterNode[], positions: number[]): FilterNode {
    operands.forEach((operand, index) => {
      this.condition(operand, positions[index]!, `each side of '${kind}' must be true or false`);
    });
    return this.add({ kind, operands }, operands, positions[0]!);
  }

  not(operand: FilterNode, position: number): FilterNode {
    const hint = "'not' applies to what follows it only, so write not (... eq ...)";
    this.condition(operand, position, `'not' needs something true or false`, hint);
    return this.add({ kind: 'not', operand }, [operand], position);
  }

  /** `left add right` and the like: numbers only (see ArithmeticNode). */
  arithmetic(op: ArithmeticOp, left: FilterNode, right: FilterNode, position: number) {
    this.single(left, position);
    this.single(right, position);
    [left, right].forEach((operand) => {
      const { type } = typeOf(operand);
      if (type !== 'integer' && type !== 'number') {
        const hint = `${describe(operand)}; ${op} works on numbers`;
        this.fail(`cannot ${op} ${quote(formatFilter(operand))}`, position, hint);
      }
    });
    const [a, b] = [typeOf(left), typeOf(right)];
    const type = a.type === 'integer' && b.type === 'integer' ? 'integer' : 'number';
    const nullable = a.nullable || b.nullable || op === 'div' || op === 'mod';
    const node = { kind: 'arithmetic', op, left, right, type, nullable } as const;
    return this.add(node, [left, right], position);
  }

  /** Checks the name of a function before its arguments are read. */
  functionName(name: string, position: number): FunctionName {
    if (!(functionNames as readonly string[]).includes(name)) {
      const hint = unknownHint(name, functionNames, 'functions');
      this.fail(`unknown function ${quote(name)}`, position, hint);
    }
    return name as FunctionName;
  }

  /** `positions` holds the position of the call, then of each argument. */
  call(name: FunctionName, args: FilterNode[], positions: number[]): FilterNode {
    const position = positions[0]!;
    const signature = signatures[name];
    const count = signature.args.length;
    const required = signature.required ?? count;
    if (args.length < required || args.length > count) {
      const counted = required === count ? `${count}` : `${required} or ${count}`;
      this.fail(
        `${name} takes ${counted} argument${count === 1 ? '' : 's'}, not ${args.length}`,
        position,
      );
    }
    args.forEach((arg, index) => {
      this.single(arg, positions[index + 1]!);
      const accepted = signature.args[index]!;
      if (!accepted.includes(typeOf(arg).type as never)) {
        const wanted = accepted.map((type) => typeNames[type]).join(' or ');
        const at = positions[index + 1]!;
        this.fail(`argument ${index + 1} of ${name} must be ${wanted}`, at, describe(arg));
      }
    });
    const nullable = args.some((arg) => typeOf(arg).nullable);
    const type =
      signature.returns === 'argument' ? (typeOf(args[0]!).type as ScalarType) : signature.returns;
    return this.add({ kind: 'call', name, args, type, nullable }, args, position);
  }

  /** The whole filter must be a condition. */
  top(node: FilterNode): FilterNode {
    this.condition(node, 1, 'must be true or false for each row');
    return node;
  }
}
