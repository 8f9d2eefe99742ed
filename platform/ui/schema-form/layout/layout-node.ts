import { getUiOptions, type UiSchema } from '@rjsf/utils';

/**
 * The layout of one object's fields, as the object's uiSchema carries it under
 * `ui:controlLayout` (made from a form definition's `ui:controls` by `applyControls`): the
 * containers of the control tree, with its fields and array controls reduced to the names of
 * the object's properties they show. Consecutive sibling tab controls are one `tabs` group.
 */
export type LayoutNode =
  | { kind: 'field'; name: string }
  | LayoutContainer<'section'>
  | LayoutContainer<'fieldset'>
  | LayoutContainer<'actions'>
  | { kind: 'tabs'; id: string; tabs: LayoutTab[] };

export interface LayoutContainer<Kind extends 'section' | 'fieldset' | 'actions'> {
  kind: Kind;
  id: string;
  title?: string;
  children: LayoutNode[];
}

export interface LayoutTab {
  id: string;
  title?: string;
  children: LayoutNode[];
}

/** The uiSchema key of an object's layout. */
export const layoutKey = 'ui:controlLayout';

/** The layout an object's uiSchema carries, or undefined for the plain one-under-another form. */
export function layoutOf(uiSchema: UiSchema | undefined): readonly LayoutNode[] | undefined {
  const layout: unknown = getUiOptions(uiSchema).controlLayout;
  // Only `applyControls` writes this key, and it writes LayoutNode[].
  return Array.isArray(layout) ? (layout as LayoutNode[]) : undefined;
}

/** The property names a part of a layout shows, in order. */
export function namesIn(nodes: readonly LayoutNode[]): string[] {
  return nodes.flatMap((node) => {
    switch (node.kind) {
      case 'field':
        return [node.name];
      case 'tabs':
        return node.tabs.flatMap((tab) => namesIn(tab.children));
      default:
        return namesIn(node.children);
    }
  });
}
