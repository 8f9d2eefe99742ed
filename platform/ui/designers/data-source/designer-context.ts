import { createContext, type Dispatch, useContext } from 'react';
import type { DesignerAction, DesignerState } from './designer-state';
import type { ShownProblem } from './field-problems';

export interface DesignerContextValue {
  state: DesignerState;
  dispatch: Dispatch<DesignerAction>;
  /** A system or virtual data source, or a user who may not change it: nothing is editable. */
  readOnly: boolean;
  fieldProblems: readonly ShownProblem[];
}

export const DesignerContext = createContext<DesignerContextValue | null>(null);

export function useDesigner(): DesignerContextValue {
  const value = useContext(DesignerContext);
  if (!value) throw new Error('useDesigner is used outside the data source designer.');
  return value;
}
