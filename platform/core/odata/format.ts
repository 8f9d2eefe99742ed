import type { FilterNode, LiteralNode } from './ast';

function literal(node: LiteralNode): string {
  switch (node.type) {
    case 'string':
      return `'${node.value.replaceAll("'", "''")}'`;
    case 'number': {
      // A whole decimal keeps its point so that it reads back as a decimal.
      const text = String(node.value);
      return /[.e]/.test(text) ? text : `${text}.0`;
    }
    default:
      return String(node.value);
  }
}

/** How tightly a node binds; a child that binds no tighter than its parent is wrapped. */
function strength(node: FilterNode): number {
  if (node.kind === 'or') return 1;
  if (node.kind === 'and') return 2;
  if (node.kind === 'compare' || node.kind === 'in') return 3;
  if (node.kind === 'arithmetic') return node.op === 'add' || node.op === 'sub' ? 4 : 5;
  if (node.kind === 'not') return 6;
  return 7;
}

function operand(node: FilterNode, parent: number): string {
  const text = formatFilter(node);
  return strength(node) <= parent ? `(${text})` : text;
}

/**
 * Prints a checked `$filter` as OData text that parses back to the same tree: a nested
 * `and`/`or` or comparison keeps its parentheses.
 *
 * @example formatFilter(parseFilter("Name  eq 'A'", model)) // "Name eq 'A'"
 */
export function formatFilter(node: FilterNode): string {
  switch (node.kind) {
    case 'and':
    case 'or':
      return node.operands.map((child) => operand(child, strength(node))).join(` ${node.kind} `);
    case 'not':
      return `not ${operand(node.operand, 5)}`;
    case 'compare':
      return `${operand(node.left, 3)} ${node.op} ${operand(node.right, 3)}`;
    case 'lambda':
      return node.predicate === null
        ? `${node.collection}/${node.quantifier}()`
        : `${node.collection}/${node.quantifier}(${node.variable}: ${formatFilter(node.predicate)})`;
    case 'literal':
      return literal(node);
    case 'field':
      return node.name;
    case 'itemField':
      return `${node.variable}/${node.name}`;
    case 'arithmetic':
      return `${operand(node.left, strength(node))} ${node.op} ${operand(node.right, strength(node))}`;
    case 'call':
      return `${node.name}(${node.args.map(formatFilter).join(', ')})`;
    case 'variable':
      return node.name;
    case 'in':
      return 'variable' in node
        ? `${operand(node.operand, 3)} in ${node.variable.name}`
        : `${operand(node.operand, 3)} in (${node.values.map(formatFilter).join(', ')})`;
  }
}
