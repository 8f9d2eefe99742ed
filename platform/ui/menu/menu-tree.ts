// The menu's tree is built by platform/core, the same way the server filters what it serves.
export {
  buildMenuTree,
  menuPath,
  routeForPath,
  type MenuAccess,
  type MenuNode,
} from '#platform/core';
