import { createContext, type Dispatch, useContext } from 'react';
import type { MenuProblemCode } from '#platform/core';
import type { MenuEditorAction, MenuEditorState } from './menu-state';

export interface MenuEditorContextValue {
  state: MenuEditorState;
  dispatch: Dispatch<MenuEditorAction>;
  /** Locked (or a save under way): the menu is shown, not changed. */
  readOnly: boolean;
  /** What is wrong with each item (by Id), as the editor checks before saving. */
  problems: ReadonlyMap<number, readonly MenuProblemCode[]>;
}

export const MenuEditorContext = createContext<MenuEditorContextValue | null>(null);

export function useMenuEditor(): MenuEditorContextValue {
  const value = useContext(MenuEditorContext);
  if (!value) throw new Error('useMenuEditor is used outside the menu editor');
  return value;
}
