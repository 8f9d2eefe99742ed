import {
  type ControlNode,
  maxControlDepth,
  maxControls,
  type UserFieldSchema,
  type UserTableSchema,
} from '#metadata';

/**
 * The control tree of a data source's form (its `FormDefinition`): the default one, and the
 * rules a designed one keeps, shared by the designer (what may be dropped where) and the
 * server (what it accepts).
 */

export type ContainerNode = Extract<ControlNode, { Children: ControlNode[] }>;

export const isContainerControl = (node: ControlNode): node is ContainerNode =>
  node.Type !== 'field';
export const isArrayControl = (node: ControlNode) =>
  node.Type === 'array' || node.Type === 'tabarray';

/** `Photos.Caption` -> `Photos`; `Notes` -> '' (the root). */
export function keyParentOf(key: string): string {
  const dot = key.lastIndexOf('.');
  return dot < 0 ? '' : key.slice(0, dot);
}

/** The schema of the field at a control key (through arrays' items), or undefined. */
export function fieldAtKey(schema: UserTableSchema, key: string): UserFieldSchema | undefined {
  let properties: Record<string, UserFieldSchema> | undefined = schema.properties;
  let field: UserFieldSchema | undefined;
  for (const name of key.split('.')) {
    field = properties && Object.hasOwn(properties, name) ? properties[name] : undefined;
    if (!field) return undefined;
    properties = field.type === 'array' ? field.items?.properties : undefined;
  }
  return field;
}

/** An array field whose items are objects with fields: its control holds their controls. */
const hasItemFields = (field: UserFieldSchema) =>
  field.type === 'array' &&
  field.items?.type === 'object' &&
  Object.keys(field.items.properties ?? {}).length > 0;

function defaultsFor(properties: Record<string, UserFieldSchema>, parent: string): ControlNode[] {
  return Object.entries(properties).map(([name, field]) => {
    const key = parent ? `${parent}.${name}` : name;
    if (hasItemFields(field)) {
      return {
        Id: `array-${key}`,
        Type: 'array' as const,
        Key: key,
        Children: defaultsFor(field.items!.properties!, key),
      };
    }
    return { Id: `field-${key}`, Type: 'field' as const, Key: key };
  });
}

/** The form used without a custom form definition: every field in the schema's order. */
export function defaultControls(schema: UserTableSchema): ControlNode[] {
  return defaultsFor(schema.properties ?? {}, '');
}

/** The controls of a stored form definition, or the default ones when it has none. */
export function controlsOf(
  form: { readonly [key: string]: unknown } | null | undefined,
  schema: UserTableSchema,
): ControlNode[] {
  const controls = form?.['ui:controls'];
  return Array.isArray(controls) ? (controls as ControlNode[]) : defaultControls(schema);
}

/** Every control with its key parent (the key of the array control it is within, or ''). */
export function* walkControls(
  controls: readonly ControlNode[],
  keyParent = '',
  depth = 1,
): Generator<{ node: ControlNode; keyParent: string; depth: number }> {
  for (const node of controls) {
    yield { node, keyParent, depth };
    if (isContainerControl(node)) {
      const inner = isArrayControl(node) && 'Key' in node ? node.Key : keyParent;
      yield* walkControls(node.Children, inner, depth + 1);
    }
  }
}

/** The key parent a container gives its children ('' for the root, i.e. `containerId` null). */
export function keyParentInside(controls: readonly ControlNode[], containerId: string | null) {
  if (containerId === null) return '';
  for (const { node, keyParent } of walkControls(controls)) {
    if (node.Id !== containerId) continue;
    if (!isContainerControl(node)) return null;
    return isArrayControl(node) && 'Key' in node ? node.Key : keyParent;
  }
  return null;
}

/** The key parent a control belongs to: its key's parent, or, for a container, where it sits. */
export function ownKeyParent(controls: readonly ControlNode[], id: string): string | null {
  for (const { node, keyParent } of walkControls(controls)) {
    if (node.Id !== id) continue;
    return 'Key' in node ? keyParentOf(node.Key) : keyParent;
  }
  return null;
}

function containsId(node: ControlNode, id: string): boolean {
  if (node.Id === id) return true;
  return isContainerControl(node) && node.Children.some((child) => containsId(child, id));
}

/**
 * Whether the control `id` may be dropped into the container `containerId` (null: the form
 * root): only into containers, never into itself, and only within the same key parent.
 */
export function canDropInto(
  controls: readonly ControlNode[],
  id: string,
  containerId: string | null,
): boolean {
  const own = ownKeyParent(controls, id);
  if (own === null) return false;
  const inside = keyParentInside(controls, containerId);
  if (inside === null || inside !== own) return false;
  if (containerId === null) return true;
  const moved = [...walkControls(controls)].find(({ node }) => node.Id === id)?.node;
  return moved !== undefined && !containsId(moved, containerId);
}

/** The controls that show a field or anything under it (a field in use cannot be deleted). */
export function controlsUsingField(controls: readonly ControlNode[], path: string): ControlNode[] {
  const used: ControlNode[] = [];
  for (const { node } of walkControls(controls)) {
    if ('Key' in node && (node.Key === path || node.Key.startsWith(`${path}.`))) used.push(node);
  }
  return used;
}

/** The same tree with a field's key renamed wherever controls use it. */
export function renameKey(
  controls: readonly ControlNode[],
  from: string,
  to: string,
): ControlNode[] {
  const renamed = (key: string) =>
    key === from ? to : key.startsWith(`${from}.`) ? `${to}${key.slice(from.length)}` : key;
  return controls.map((node) => {
    const withKey = 'Key' in node ? { ...node, Key: renamed(node.Key) } : node;
    return isContainerControl(withKey)
      ? ({ ...withKey, Children: renameKey(withKey.Children, from, to) } as ControlNode)
      : withKey;
  });
}

export interface ControlProblem {
  ControlId: string;
  Message: string;
}

/**
 * What is wrong with a control tree for a schema (empty when nothing is): unique control ids,
 * keys naming fields, each field shown once, array controls only on arrays of item fields,
 * controls only within their key parent, no deeper or larger tree than allowed, and every
 * required field without a default shown (a form that cannot show it could never be saved).
 */
export function controlProblems(
  controls: readonly ControlNode[],
  schema: UserTableSchema,
): ControlProblem[] {
  const problems: ControlProblem[] = [];
  const ids = new Set<string>();
  const shown = new Set<string>();
  let total = 0;
  for (const { node, keyParent, depth } of walkControls(controls)) {
    const add = (Message: string) => problems.push({ ControlId: node.Id, Message });
    total += 1;
    if (ids.has(node.Id)) add('has the id of another control');
    ids.add(node.Id);
    if (depth > maxControlDepth) add(`nests deeper than ${maxControlDepth} levels`);
    if (!('Key' in node)) continue;
    const field = fieldAtKey(schema, node.Key);
    if (!field) {
      add(`shows '${node.Key}', which is not a field`);
      continue;
    }
    if (keyParentOf(node.Key) !== keyParent) add(`shows '${node.Key}' outside its parent field`);
    if (isArrayControl(node) && !hasItemFields(field)) {
      add(`shows '${node.Key}' as an array, but it is not an array of fields`);
    }
    if (shown.has(node.Key)) add(`shows '${node.Key}' a second time`);
    shown.add(node.Key);
  }
  if (total > maxControls) {
    problems.push({ ControlId: '', Message: `A form holds ${maxControls} controls at most.` });
  }
  for (const name of schema.required ?? []) {
    const field = schema.properties[name];
    if (field && field.default === undefined && !shown.has(name)) {
      problems.push({ ControlId: '', Message: `The required field '${name}' has no control.` });
    }
  }
  return problems;
}
