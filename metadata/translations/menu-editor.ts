/** The menu editor (`/admin/menu`). */
export const menuEditorTexts: Record<string, string> = {
  'ROUTES.MENU_EDITOR': 'Menu',

  'MENU_EDITOR.TITLE': 'Menu',
  'MENU_EDITOR.LANGUAGE': 'Menu language',
  'MENU_EDITOR.LOADING': 'Loading the menu',
  'MENU_EDITOR.LOAD_FAILED': 'The menu could not be loaded.',
  'MENU_EDITOR.RETRY': 'Try again',
  'MENU_EDITOR.LOCKED': 'Locked: only administrators can change it',
  'MENU_EDITOR.UNLOCKED': 'Unlocked',
  'MENU_EDITOR.LOCKED_HINT': 'The menu is locked. Unlock it to make changes.',
  'MENU_EDITOR.CHANGED': 'Changed',
  'MENU_EDITOR.ITEMS': 'Menu items',
  'MENU_EDITOR.TOP_LEVEL': 'Items at the top level',
  'MENU_EDITOR.INSIDE': 'Items inside {{item}}',
  'MENU_EDITOR.EMPTY': 'The menu has no items yet.',
  'MENU_EDITOR.ADD': 'Add item',
  'MENU_EDITOR.NEW_NAME': 'New item',
  'MENU_EDITOR.END_OF_TOP': 'Last at the top level',
  'MENU_EDITOR.END_OF': 'Last inside {{item}}',
  'MENU_EDITOR.REFUSED': 'Cannot go here',
  'MENU_EDITOR.PICK_ITEM': 'Choose an item to edit its name and address.',
  'MENU_EDITOR.DISCARD_CONFIRM': 'Discard your changes to the menu?',
  'MENU_EDITOR.SWITCH_CONFIRM': 'Discard your changes to the menu and open another language?',
  'MENU_EDITOR.SAVED': 'The menu was saved.',
  'MENU_EDITOR.SAVE_FAILED': 'The menu could not be saved.',
  'MENU_EDITOR.REFUSED_SAVE': 'The menu was not saved.',
  'MENU_EDITOR.STALE':
    'Someone else changed this menu since you opened it. Reload it (your changes are lost) and make them again?',
  'MENU_EDITOR.RELOAD': 'Reload',
  'MENU_EDITOR.REMOVE_CONFIRM': 'Remove {{item}} from the menu?',
  'MENU_EDITOR.REMOVE_CONFIRM_INSIDE_one': 'Remove {{item}} and the item inside it from the menu?',
  'MENU_EDITOR.REMOVE_CONFIRM_INSIDE_other':
    'Remove {{item}} and the {{count}} items inside it from the menu?',
  'MENU_EDITOR.REMOVE_OK': 'Remove',
  'MENU_EDITOR.SPECIAL_KEPT':
    '{{item}} cannot be removed: it is, or holds, one of the special items (Reports, and the administrators’ items 600 and 601). You may move or rename it.',

  'MENU_EDITOR.ITEM.UNNAMED': '(no name)',
  'MENU_EDITOR.ITEM.EDIT': 'Edit {{item}}',
  'MENU_EDITOR.ITEM.MOVE': 'Move {{item}}',
  'MENU_EDITOR.ITEM.REMOVE': 'Remove {{item}}',
  'MENU_EDITOR.ITEM.ADD_INSIDE': 'Add an item inside {{item}}',
  'MENU_EDITOR.ITEM.NEW': 'New',
  'MENU_EDITOR.ITEM.SPECIAL': 'Special',
  'MENU_EDITOR.ITEM.NO_URL': 'holds other items',
  'MENU_EDITOR.ITEM.FAULTY': 'needs attention',
  'MENU_EDITOR.ITEM.EDITOR': 'Item {{item}}',
  'MENU_EDITOR.ITEM.NAME': 'Name',
  'MENU_EDITOR.ITEM.URL': 'Address',
  'MENU_EDITOR.ITEM.URL_HINT':
    'A path on this site, such as /admin/users; leave it empty for an item that only holds others.',
  'MENU_EDITOR.ITEM.TARGET': 'Screen or grid page',
  'MENU_EDITOR.ITEM.TARGET_NONE': 'Typed address or none',
  'MENU_EDITOR.ITEM.SCREENS': 'Screens',
  'MENU_EDITOR.ITEM.GRID_PAGES': 'Grid pages',
  'MENU_EDITOR.ITEM.GRID_PAGES_FAILED':
    'The grid pages could not be listed; type the address or try again.',
  'MENU_EDITOR.ITEM.GRID_PAGES_RETRY': 'List grid pages again',
  'MENU_EDITOR.ITEM.NO_SCREEN':
    'No screen opens at this address, so the menu does not show this item.',

  'MENU_EDITOR.PROBLEM.NAME_REQUIRED': 'A name is required.',
  'MENU_EDITOR.PROBLEM.URL_NOT_SITE_PATH':
    'The address must be a path on this site starting with a single /, or empty.',
  'MENU_EDITOR.PROBLEM.TOO_DEEP': 'The menu nests at most three levels deep.',
  'MENU_EDITOR.PROBLEM.ID_NOT_POSITIVE': 'The item has no valid id; reload the menu.',
  'MENU_EDITOR.PROBLEM.ID_TAKEN': 'Another item has the same id; reload the menu.',
  'MENU_EDITOR.PROBLEM.SPECIAL_NEW': 'A special item cannot be new.',
  'MENU_EDITOR.PROBLEM.PARENT_MISSING': 'The item it sits in is missing.',
  'MENU_EDITOR.PROBLEM.CYCLE': 'The item sits inside itself.',
  'MENU_EDITOR.PROBLEM.SPECIAL_REMOVED': 'A special item cannot be removed.',

  'MENU_EDITOR.DRAG.ROLE': 'movable menu item',
  'MENU_EDITOR.DRAG.INSTRUCTIONS':
    'To move a menu item, press Space. Then the up and down arrow keys take it through the places it may go, into and out of other items. Press Space again to drop it there, or Escape to leave it where it was.',
  'MENU_EDITOR.DRAG.PICKED_UP': 'Picked up {{item}}.',
  'MENU_EDITOR.DRAG.OVER_INTO':
    '{{item}} would go into {{parent}}, at position {{position}} of {{total}}.',
  'MENU_EDITOR.DRAG.OVER_TOP':
    '{{item}} would go to the top level, at position {{position}} of {{total}}.',
  'MENU_EDITOR.DRAG.OVER_HOME': '{{item}} is back where it was.',
  'MENU_EDITOR.DRAG.OVER_REFUSED': '{{item}} cannot go there.',
  'MENU_EDITOR.DRAG.OVER_NOWHERE': '{{item}} is not over a place where it can go.',
  'MENU_EDITOR.DRAG.DROPPED_INTO':
    '{{item}} was moved into {{parent}}, at position {{position}} of {{total}}.',
  'MENU_EDITOR.DRAG.DROPPED_TOP':
    '{{item}} was moved to the top level, at position {{position}} of {{total}}.',
  'MENU_EDITOR.DRAG.DROPPED_HOME': '{{item}} was dropped where it was.',
  'MENU_EDITOR.DRAG.DROPPED_REFUSED': '{{item}} cannot go there; it stays where it was.',
  'MENU_EDITOR.DRAG.DROPPED_NOWHERE': '{{item}} was not moved.',
  'MENU_EDITOR.DRAG.CANCELLED': 'Moving {{item}} was cancelled; it is back where it was.',
};
