import type { ODataFieldType } from './model';

/**
 * A checked `$filter`: every field exists in the model, every function is known and every
 * operand has the right type. Value nodes carry their type so that SQL can be built without
 * the model; conditions (compare, and, or, not, lambda) are always boolean.
 *
 * @example
 * // Name eq 'A' and not Active
 * { kind: 'and', operands: [
 *   { kind: 'compare', op: 'eq', left: { kind: 'field', name: 'Name', type: 'string', nullable: false },
 *     right: { kind: 'literal', type: 'string', value: 'A' } },
 *   { kind: 'not', operand: { kind: 'field', name: 'Active', type: 'boolean', nullable: false } } ] }
 */
export type FilterNode =
  | LogicalNode
  | NotNode
  | CompareNode
  | LambdaNode
  | LiteralNode
  | FieldNode
  | ItemFieldNode
  | CallNode
  | ArithmeticNode
  | InNode
  | VariableNode;

/**
 * The type of a value that is not null: a field type, or a time of day (`10:30:00`, what
 * `time()` answers), which no field has.
 */
export type ScalarType = ODataFieldType | 'time';

/** The type of a value: a scalar type, or the type of the `null` literal. */
export type ValueType = ScalarType | 'null';

export const compareOps = ['eq', 'ne', 'gt', 'ge', 'lt', 'le'] as const;
export type CompareOp = (typeof compareOps)[number];

/** `a and b and c` is one node with three operands; parentheses keep their own node. */
export interface LogicalNode {
  kind: 'and' | 'or';
  operands: FilterNode[];
}

export interface NotNode {
  kind: 'not';
  operand: FilterNode;
}

export interface CompareNode {
  kind: 'compare';
  op: CompareOp;
  left: FilterNode;
  right: FilterNode;
}

/** `Roles/any(r: r/Name eq 'A')`; `Roles/any()` has no variable and no predicate. */
export interface LambdaNode {
  kind: 'lambda';
  quantifier: 'any' | 'all';
  collection: string;
  variable: string | null;
  predicate: FilterNode | null;
}

export type LiteralNode =
  | { kind: 'literal'; type: 'string'; value: string }
  | { kind: 'literal'; type: 'integer' | 'number'; value: number }
  | { kind: 'literal'; type: 'boolean'; value: boolean }
  /** `2026-11-22`, or `2026-11-22T10:30:00Z` (always with a zone) as written. */
  | { kind: 'literal'; type: 'date' | 'datetime'; value: string }
  /** `10:30`, `10:30:00` or `10:30:00.5`, as written. */
  | { kind: 'literal'; type: 'time'; value: string }
  | { kind: 'literal'; type: 'null'; value: null };

/** A field of the listed entity. */
export interface FieldNode {
  kind: 'field';
  name: string;
  type: ODataFieldType;
  nullable: boolean;
}

/** A field of the item a lambda variable ranges over: `r/Name`. */
export interface ItemFieldNode {
  kind: 'itemField';
  variable: string;
  collection: string;
  name: string;
  type: ODataFieldType;
  nullable: boolean;
}

/**
 * `UnitId in (1, 2, 3)` (values of the operand's type), or `UnitId in $CurrentUserUnits` (a
 * list variable, see FilterVariables): true when the operand equals one of the values.
 */
export type InNode =
  | { kind: 'in'; operand: FilterNode; values: FilterNode[] }
  | { kind: 'in'; operand: FilterNode; variable: VariableNode };

/**
 * A value the caller of the parser binds (`$CurrentUser`), never a client: see FilterVariables.
 * A list variable (`list: true`) stands only on the right of `in`.
 */
export interface VariableNode {
  kind: 'variable';
  name: string;
  type: ODataFieldType;
  list: boolean;
}

/** OData's canonical functions the engine knows (see `signatures` for their types). */
export const functionNames = [
  'contains',
  'startswith',
  'endswith',
  'indexof',
  'substring',
  'concat',
  'tolower',
  'toupper',
  'trim',
  'length',
  'year',
  'month',
  'day',
  'hour',
  'minute',
  'second',
  'date',
  'time',
  'now',
  'round',
  'floor',
  'ceiling',
] as const;
export type FunctionName = (typeof functionNames)[number];

export interface CallNode {
  kind: 'call';
  name: FunctionName;
  args: FilterNode[];
  type: ScalarType;
  /** True when an argument may be null (the result is then null too). */
  nullable: boolean;
}

export const arithmeticOps = ['add', 'sub', 'mul', 'div', 'mod'] as const;
export type ArithmeticOp = (typeof arithmeticOps)[number];

/**
 * `Qty add 1`, `Price div 2`: numbers only. Whole numbers give a whole number (`div`
 * truncates toward zero, as OData's integer division does), else a number. A `div` or `mod`
 * by zero is null, so it may be null whatever its operands.
 */
export interface ArithmeticNode {
  kind: 'arithmetic';
  op: ArithmeticOp;
  left: FilterNode;
  right: FilterNode;
  type: 'integer' | 'number';
  nullable: boolean;
}

/** The type of any node, and whether it may be null. Conditions are never null. */
export function typeOf(node: FilterNode): { type: ValueType; nullable: boolean } {
  switch (node.kind) {
    case 'literal':
      return { type: node.type, nullable: node.type === 'null' };
    case 'field':
    case 'itemField':
    case 'call':
    case 'arithmetic':
      return { type: node.type, nullable: node.nullable };
    case 'variable':
      return { type: node.type, nullable: false };
    default:
      return { type: 'boolean', nullable: false };
  }
}
