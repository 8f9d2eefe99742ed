import {
  arithmeticOps,
  compareOps,
  type ArithmeticOp,
  type CompareOp,
  type FilterNode,
} from './ast';
import { FilterChecker } from './check';
import { ODataError, quote } from './errors';
import { tokenize, type Token } from './lexer';
import {
  defaultODataLimits,
  type FilterVariables,
  maxFilterDepthCap,
  type ODataLimits,
  type ODataModel,
} from './model';
import type { Scope } from './resolve';

const keywords = ['and', 'or', 'not', ...compareOps];
/** Operators that are read only after a complete operand, so fields may bear their names. */
const infixWords = ['in', ...arithmeticOps];
const additive: readonly string[] = ['add', 'sub'];
const multiplicative: readonly string[] = ['mul', 'div', 'mod'];

function shown(token: Token): string {
  switch (token.kind) {
    case 'end':
      return 'the end';
    case 'name':
    case 'variable':
    case 'punctuation':
      return quote(token.text);
    case 'string':
      return 'a text';
    default:
      return quote(String(token.value));
  }
}

/**
 * Recursive descent over the grammar below; `nesting` counts parentheses, `not`, function
 * arguments and lambdas so that hostile input stops at the depth limit, not the stack's.
 *
 *   or         = and ('or' and)*
 *   and        = comparison ('and' comparison)*
 *   comparison = sum (('eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le') sum | 'in' list)*
 *   list       = '(' or (',' or)* ')' | variable
 *   sum        = product (('add' | 'sub') product)*
 *   product    = unary (('mul' | 'div' | 'mod') unary)*
 *   unary      = 'not' unary | primary
 *   primary    = '(' or ')' | literal | variable | name '(' [or (',' or)*] ')'
 *              | name ['/' name] | name '/' ('any' | 'all') '(' [name ':' or] ')'
 *
 * `in` and the arithmetic operators are read only after a complete operand, so a field named
 * `in` or `add` stays a field. `not` binds tighter than arithmetic and comparison, as in OData.
 */
class Parser {
  private at = 0;

  constructor(
    private readonly option: string,
    private readonly tokens: Token[],
    private readonly check: FilterChecker,
    private readonly maxDepth: number,
  ) {}

  private peek(): Token {
    return this.tokens[this.at]!;
  }

  private next(): Token {
    const token = this.tokens[this.at]!;
    if (token.kind !== 'end') this.at += 1;
    return token;
  }

  private isWord(word: string, token = this.peek()): boolean {
    return token.kind === 'name' && token.text === word;
  }

  private isPunctuation(text: string, token = this.peek()): boolean {
    return token.kind === 'punctuation' && token.text === text;
  }

  private fail(detail: string, position: number, hint?: string): never {
    throw new ODataError(this.option, detail, position, hint);
  }

  private expect(text: string, after: string): void {
    const token = this.next();
    if (!this.isPunctuation(text, token)) {
      this.fail(`expected '${text}' ${after}, found ${shown(token)}`, token.position);
    }
  }

  private deeper(nesting: number, position: number): number {
    if (nesting + 1 > this.maxDepth) {
      this.fail(`nests deeper than ${this.maxDepth} levels (maxFilterDepth)`, position);
    }
    return nesting + 1;
  }

  filter(): FilterNode {
    const node = this.or(0, []);
    const token = this.peek();
    if (token.kind !== 'end') this.unexpected(token, 'after a complete condition');
    return this.check.top(node);
  }

  private unexpected(token: Token, where: string): never {
    const written = token.kind === 'name' ? token.text : '';
    const lower = written.toLowerCase();
    const miscased = infixWords.includes(lower) && written !== lower;
    if (keywords.includes(lower) || miscased) {
      const hint = `operators are written in lower case: '${lower}'`;
      this.fail(`unexpected ${shown(token)}`, token.position, hint);
    }
    const hint = 'expected an operator such as eq, and, or';
    this.fail(`unexpected ${shown(token)} ${where}`, token.position, hint);
  }

  private or(nesting: number, scopes: readonly Scope[]): FilterNode {
    return this.chain('or', () => this.and(nesting, scopes));
  }

  private and(nesting: number, scopes: readonly Scope[]): FilterNode {
    return this.chain('and', () => this.comparison(nesting, scopes));
  }

  private chain(kind: 'and' | 'or', operand: () => FilterNode): FilterNode {
    const positions = [this.peek().position];
    const operands = [operand()];
    while (this.isWord(kind)) {
      this.next();
      positions.push(this.peek().position);
      operands.push(operand());
    }
    return operands.length === 1 ? operands[0]! : this.check.logical(kind, operands, positions);
  }

  private comparison(nesting: number, scopes: readonly Scope[]): FilterNode {
    const position = this.peek().position;
    let left = this.sum(nesting, scopes);
    for (;;) {
      const token = this.peek();
      if (this.isWord('in')) {
        this.next();
        left = this.list(left, position, nesting, scopes);
        continue;
      }
      if (token.kind !== 'name' || !(compareOps as readonly string[]).includes(token.text)) {
        return left;
      }
      this.next();
      const right = this.sum(nesting, scopes);
      left = this.check.compare(token.text as CompareOp, left, right, position);
    }
  }

  private sum(nesting: number, scopes: readonly Scope[]): FilterNode {
    return this.arithmetic(additive, () => this.product(nesting, scopes));
  }

  private product(nesting: number, scopes: readonly Scope[]): FilterNode {
    return this.arithmetic(multiplicative, () => this.unary(nesting, scopes));
  }

  /** Operands joined by any of `ops`, from the left: `a sub b sub c` is `(a sub b) sub c`. */
  private arithmetic(ops: readonly string[], operand: () => FilterNode): FilterNode {
    const position = this.peek().position;
    let left = operand();
    for (;;) {
      const token = this.peek();
      if (token.kind !== 'name' || !ops.includes(token.text)) return left;
      this.next();
      const right = operand();
      left = this.check.arithmetic(token.text as ArithmeticOp, left, right, position);
    }
  }

  /** What follows `in`: `(1, 2, 3)`, or a list variable. */
  private list(
    operand: FilterNode,
    position: number,
    nesting: number,
    scopes: readonly Scope[],
  ): FilterNode {
    const token = this.next();
    if (token.kind === 'variable') {
      const variable = this.check.variable(token.text, token.position);
      return this.check.inVariable(operand, variable, position, token.position);
    }
    if (!this.isPunctuation('(', token)) {
      const hint = 'write a list such as (1, 2, 3)';
      this.fail(`expected a list after 'in', found ${shown(token)}`, token.position, hint);
    }
    const inner = this.deeper(nesting, token.position);
    const values: FilterNode[] = [];
    const positions: number[] = [];
    for (;;) {
      positions.push(this.peek().position);
      values.push(this.or(inner, scopes));
      if (!this.isPunctuation(',')) break;
      this.next();
    }
    this.expect(')', `to close the list at position ${token.position}`);
    return this.check.inValues(operand, values, position, positions);
  }

  private unary(nesting: number, scopes: readonly Scope[]): FilterNode {
    const token = this.peek();
    if (!this.isWord('not')) return this.primary(nesting, scopes);
    this.next();
    const operand = this.unary(this.deeper(nesting, token.position), scopes);
    return this.check.not(operand, token.position);
  }

  private primary(nesting: number, scopes: readonly Scope[]): FilterNode {
    const token = this.next();
    const { position } = token;
    switch (token.kind) {
      case 'punctuation': {
        if (token.text !== '(') this.fail(`expected a value, found ${shown(token)}`, position);
        const inner = this.or(this.deeper(nesting, position), scopes);
        this.expect(')', `to close the '(' at position ${position}`);
        return inner;
      }
      case 'string':
        return this.check.literal(
          { kind: 'literal', type: 'string', value: token.value },
          position,
        );
      case 'integer':
      case 'number':
        return this.check.literal(
          { kind: 'literal', type: token.kind, value: token.value },
          position,
        );
      case 'date':
      case 'datetime':
      case 'time':
        return this.check.literal(
          { kind: 'literal', type: token.kind, value: token.value },
          position,
        );
      case 'variable':
        return this.check.variable(token.text, position);
      case 'end':
        return this.fail('ends where a value was expected', position);
      case 'name':
        return this.name(token.text, position, nesting, scopes);
    }
  }

  private name(
    name: string,
    position: number,
    nesting: number,
    scopes: readonly Scope[],
  ): FilterNode {
    if (name === 'true' || name === 'false') {
      return this.check.literal(
        { kind: 'literal', type: 'boolean', value: name === 'true' },
        position,
      );
    }
    if (name === 'null')
      return this.check.literal({ kind: 'literal', type: 'null', value: null }, position);
    if (keywords.includes(name)) this.fail(`expected a value, found ${quote(name)}`, position);
    if (this.isPunctuation('(')) return this.call(name, position, nesting, scopes);
    if (!this.isPunctuation('/')) return this.check.path(name, null, position, scopes);
    this.next();
    const second = this.next();
    if (second.kind !== 'name') {
      this.fail(`expected a field name after '${name}/', found ${shown(second)}`, second.position);
    }
    const isLambda = second.text === 'any' || second.text === 'all';
    if (isLambda && this.isPunctuation('(')) {
      return this.lambda(name, second.text as 'any' | 'all', position, nesting, scopes);
    }
    return this.check.path(name, second.text, position, scopes);
  }

  private call(name: string, position: number, nesting: number, scopes: readonly Scope[]) {
    const fn = this.check.functionName(name, position);
    const inner = this.deeper(nesting, this.next().position);
    const args: FilterNode[] = [];
    const positions = [position];
    if (this.isPunctuation(')')) {
      this.next();
      return this.check.call(fn, args, positions);
    }
    for (;;) {
      positions.push(this.peek().position);
      args.push(this.or(inner, scopes));
      if (!this.isPunctuation(',')) break;
      this.next();
    }
    this.expect(')', `to close the arguments of ${name}`);
    return this.check.call(fn, args, positions);
  }

  private lambda(
    collection: string,
    quantifier: 'any' | 'all',
    position: number,
    nesting: number,
    scopes: readonly Scope[],
  ): FilterNode {
    const open = this.next();
    const inner = this.deeper(nesting, open.position);
    if (this.isPunctuation(')')) {
      this.next();
      this.check.lambdaScope(collection, null, position, scopes);
      const node = {
        kind: 'lambda',
        quantifier,
        collection,
        variable: null,
        predicate: null,
      } as const;
      return this.check.lambda(node, position);
    }
    const variable = this.next();
    if (variable.kind !== 'name' || keywords.includes(variable.text)) {
      this.fail(`expected a variable name after '${collection}/${quantifier}('`, variable.position);
    }
    this.check.lambdaScope(collection, variable.text, position, scopes);
    this.expect(':', `after the variable ${quote(variable.text)}`);
    const scope = { variable: variable.text, collection };
    const predicate = this.or(inner, [...scopes, scope]);
    this.expect(')', `to close ${collection}/${quantifier}(`);
    const node = {
      kind: 'lambda',
      quantifier,
      collection,
      variable: variable.text,
      predicate,
    } as const;
    return this.check.lambda(node, position);
  }
}

/**
 * Parses and checks a `$filter` against the model, e.g. a grid's DefaultFilter; the
 * limits default to `defaultODataLimits`. `option` names the text in messages; `variables`
 * are the only `$names` it may use (none in a client's query).
 *
 * @example parseFilter("contains(Name, 'x') and Roles/any(r: r/Name eq 'Admin')", model)
 */
export function parseFilter(
  text: string,
  model: ODataModel,
  limits: Partial<ODataLimits> = {},
  option = '$filter',
  variables: FilterVariables = {},
): FilterNode {
  const all = { ...defaultODataLimits, ...limits };
  const capped = { ...all, maxFilterDepth: Math.min(all.maxFilterDepth, maxFilterDepthCap) };
  const check = new FilterChecker(option, model, capped, variables);
  return new Parser(option, tokenize(option, text), check, capped.maxFilterDepth).filter();
}
