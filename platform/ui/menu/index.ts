export { MainMenu, type MainMenuProps } from './main-menu';
export { buildMenuTree, menuPath, routeForPath, type MenuAccess, type MenuNode } from './menu-tree';
export { menuPaths, menuSaved, useMenuItems } from './use-menu-items';
