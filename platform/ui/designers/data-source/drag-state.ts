import { createContext, useContext } from 'react';
import type { Placement } from './drop-slots';

/** What the control tree's items need to know of the drag under way. */
export interface DragState {
  activeId: string | null;
  /**
   * The droppable under the dragged control, which side of it the drop would take, and whether
   * the control may go there (a refused place is shown as such and takes no drop).
   */
  drop: { overId: string; placement: Placement; allowed: boolean } | null;
  /** Whether the dragged control may not go into the container (null: the form). */
  refused(containerId: string | null): boolean;
}

export const DragStateContext = createContext<DragState>({
  activeId: null,
  drop: null,
  refused: () => false,
});

export const useDragState = () => useContext(DragStateContext);
