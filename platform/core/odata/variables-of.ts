import type { FilterNode } from './ast';

/**
 * The names of the variables a checked filter uses, each once, in the order written.
 *
 * @example variablesOf(parseFilter('UnitId in $CurrentUserUnits', model, {}, 'Read', vars)) // ['$CurrentUserUnits']
 */
export function variablesOf(node: FilterNode): string[] {
  const found = new Set<string>();
  const visit = (current: FilterNode): void => {
    switch (current.kind) {
      case 'variable':
        found.add(current.name);
        return;
      case 'and':
      case 'or':
        return current.operands.forEach(visit);
      case 'not':
        return visit(current.operand);
      case 'compare':
      case 'arithmetic':
        visit(current.left);
        return visit(current.right);
      case 'lambda':
        if (current.predicate) visit(current.predicate);
        return;
      case 'call':
        return current.args.forEach(visit);
      case 'in':
        visit(current.operand);
        if ('variable' in current) return visit(current.variable);
        return current.values.forEach(visit);
      default:
        return;
    }
  };
  visit(node);
  return [...found];
}
