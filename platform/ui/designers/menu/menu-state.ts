import type { MenuItem } from '#metadata';
import {
  findMenuNode,
  insertMenuNode,
  menuItemsOf,
  type MenuNode,
  type MenuPlace,
  menuTreeOf,
  moveMenuNode,
  removeMenuNode,
  updateMenuNode,
  walkMenu,
} from './menu-nodes';

/** Everything the menu editor edits, and what it was loaded from. */
export interface MenuEditorState {
  nodes: MenuNode[];
  /** The save body of the menu as loaded, to tell whether anything changed. */
  baseline: string;
  /** The ETag of the menu loaded, sent back as If-Match. */
  etag: string | null;
  /** The item being edited. */
  selected: number | null;
  /** The editor opens locked; unlocking allows changes. */
  locked: boolean;
  /** The next temporary Id of a new item (negative, counting down). */
  nextNewId: number;
  /** What the server said of each item (by Id) when it refused a save. */
  serverErrors: Readonly<Record<number, readonly string[]>>;
  /** The server's message when it refused a save. */
  refusal: string | null;
}

export type MenuEditorAction =
  | { type: 'load'; items: readonly MenuItem[]; etag: string | null; locked?: boolean }
  | { type: 'lock'; locked: boolean }
  | { type: 'select'; id: number | null }
  | { type: 'add'; parentId: number | null; name: string }
  | { type: 'remove'; id: number }
  | { type: 'edit'; id: number; change: Partial<Pick<MenuNode, 'Name' | 'Url'>> }
  | ({ type: 'move'; id: number } & MenuPlace)
  | {
      type: 'refused';
      message: string | null;
      errors: Readonly<Record<number, readonly string[]>>;
    };

const snapshot = (nodes: readonly MenuNode[]) => JSON.stringify(menuItemsOf(nodes));

export function initialMenuState(
  loaded: { items: readonly MenuItem[]; etag: string | null },
  locked = true,
): MenuEditorState {
  const nodes = menuTreeOf(loaded.items);
  return {
    nodes,
    baseline: snapshot(nodes),
    etag: loaded.etag,
    selected: null,
    locked,
    nextNewId: -1,
    serverErrors: {},
    refusal: null,
  };
}

/** Whether the menu differs from the one loaded. */
export const isChanged = (state: MenuEditorState) => snapshot(state.nodes) !== state.baseline;

function edited(state: MenuEditorState, nodes: MenuNode[]): MenuEditorState {
  return state.locked ? state : { ...state, nodes };
}

export function menuEditorReducer(
  state: MenuEditorState,
  action: MenuEditorAction,
): MenuEditorState {
  switch (action.type) {
    case 'load':
      return initialMenuState(action, action.locked ?? state.locked);
    case 'lock':
      return { ...state, locked: action.locked };
    case 'select':
      return { ...state, selected: action.id };
    case 'add': {
      if (state.locked) return state;
      const node: MenuNode = {
        Id: state.nextNewId,
        Name: action.name,
        Url: null,
        IsNew: true,
        loadedOrder: null,
        children: [],
      };
      const siblings =
        action.parentId === null
          ? state.nodes
          : (findMenuNode(state.nodes, action.parentId)?.children ?? []);
      const place = { parentId: action.parentId, index: siblings.length };
      return {
        ...state,
        nodes: insertMenuNode(state.nodes, place, node),
        selected: node.Id,
        nextNewId: state.nextNewId - 1,
      };
    }
    case 'remove': {
      if (state.locked) return state;
      const removed = findMenuNode(state.nodes, action.id);
      const gone = new Set(removed ? [...walkMenu([removed])].map(({ node }) => node.Id) : []);
      const nodes = removeMenuNode(state.nodes, action.id);
      return {
        ...edited(state, nodes),
        selected: state.selected !== null && gone.has(state.selected) ? null : state.selected,
      };
    }
    case 'edit':
      return edited(state, updateMenuNode(state.nodes, action.id, action.change));
    case 'move':
      return edited(state, moveMenuNode(state.nodes, action.id, action));
    case 'refused':
      return { ...state, serverErrors: action.errors, refusal: action.message };
  }
}
