import { createContext, useContext } from 'react';
import type { Placement } from '../data-source/drop-slots';

/** What the tree's items need to know of the drag under way. */
export interface MenuDragState {
  /** The item dragged (its Id), if any. */
  activeId: number | null;
  /** The droppable under the dragged item, the side a drop takes and whether it may go there. */
  drop: { overId: string; placement: Placement; allowed: boolean } | null;
  /** Whether the dragged item may not go under `parentId` (null: the top level). */
  refused(parentId: number | null): boolean;
}

export const MenuDragStateContext = createContext<MenuDragState>({
  activeId: null,
  drop: null,
  refused: () => false,
});

export const useMenuDragState = () => useContext(MenuDragStateContext);
