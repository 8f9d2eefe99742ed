import { createContext, type Dispatch, useContext } from 'react';
import type { Loaded } from '../../engine/use-grid-page';
import type { DesignerAction } from './designer-state';
import type { DesignerState } from './drafts';
import type { DataSourceChoice, SourceField } from './grid-page-api';
import type { DesignProblems } from './save-body';

export interface DesignerContextValue {
  state: DesignerState;
  dispatch: Dispatch<DesignerAction>;
  /** A user who may not change grid pages: nothing is editable. */
  readOnly: boolean;
  problems: DesignProblems;
  choices: Loaded<DataSourceChoice[]>;
  /** The chosen data source's fields; null while none is chosen. */
  fields: Loaded<SourceField[]> | null;
  /** What the server said of the default filter when the preview sent it. */
  filterProblem: string | null;
}

export const DesignerContext = createContext<DesignerContextValue | null>(null);

export function useDesigner(): DesignerContextValue {
  const value = useContext(DesignerContext);
  if (!value) throw new Error('useDesigner is used outside the grid page designer.');
  return value;
}

/** The chosen data source's fields, or none while they load (or none is chosen). */
export function useFieldList(): readonly SourceField[] {
  const { fields } = useDesigner();
  return fields?.status === 'ready' ? fields.value : noFields;
}
const noFields: readonly SourceField[] = [];
