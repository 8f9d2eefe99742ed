/** Default (en-gb) texts of "Create a screen", offered by the data source designer. */
export const createScreenTexts: Record<string, string> = {
  'CREATE_SCREEN.OPEN_DIALOG': 'Create a screen',
  'CREATE_SCREEN.NEXT_STEP': 'Next: a screen for its rows',
  'CREATE_SCREEN.NEXT_STEP_HELP':
    'The data source is saved. Create a screen to list its rows, add and change them, and put it in the menu.',
  'CREATE_SCREEN.SAVE_FIRST': 'Save your changes first; then create a screen for the rows.',
  'CREATE_SCREEN.TITLE': 'Create a screen for {{name}}',
  'CREATE_SCREEN.STEP_SCREEN': 'The screen',
  'CREATE_SCREEN.STEP_SCREEN_HELP': 'Title and columns',
  'CREATE_SCREEN.STEP_MENU': 'Its place in the menu',
  'CREATE_SCREEN.STEP_MENU_HELP': 'Where people find it',
  'CREATE_SCREEN.SCREEN_TITLE': 'Screen title',
  'CREATE_SCREEN.COLUMNS': 'Columns',
  'CREATE_SCREEN.COLUMNS_HELP':
    'The fields the screen lists, in this order. You can change them later in Grid pages.',
  'CREATE_SCREEN.NO_FIELDS': 'The data source has no field a column can show. Add fields first.',
  'CREATE_SCREEN.ACTIONS_NOTE':
    'The screen gets the usual buttons: New, and Edit and Delete on each row.',
  'CREATE_SCREEN.FIELDS_LOADING': 'Loading the fields…',
  'CREATE_SCREEN.FIELDS_FAILED': 'The fields of the data source could not be read.',
  'CREATE_SCREEN.TITLE_TAKEN': 'Another screen has this title. Choose another one.',
  'CREATE_SCREEN.CREATE_FAILED': 'The screen could not be created.',
  'CREATE_SCREEN.CANCEL': 'Cancel',
  'CREATE_SCREEN.CREATE': 'Create the screen',
  'CREATE_SCREEN.MENU_ITEM_PICK': 'Next to which menu item?',
  'CREATE_SCREEN.MENU_ITEM_PICK_HELP':
    'Pick an item of the menu; then say whether the screen goes inside it, before it or after it.',
  'CREATE_SCREEN.END_OF_MENU': 'At the end of the main menu',
  'CREATE_SCREEN.WHERE': 'Where, next to {{item}}?',
  'CREATE_SCREEN.INSIDE': 'Inside it',
  'CREATE_SCREEN.BEFORE': 'Before it',
  'CREATE_SCREEN.AFTER': 'After it',
  'CREATE_SCREEN.PATH': 'People will find it at: {{path}}',
  'CREATE_SCREEN.MENU_LOADING': 'Loading the menu…',
  'CREATE_SCREEN.MENU_FAILED': 'The menu could not be read.',
  'CREATE_SCREEN.MENU_SAVE_FAILED': 'The menu could not be saved.',
  'CREATE_SCREEN.MENU_STALE':
    'Someone changed the menu meanwhile. Close this dialog and place the screen in Menu, or open it without a menu item.',
  'CREATE_SCREEN.MENU_NOT_YOURS':
    'The screen was created. Only holders of the Manage the menu permission can put it in the menu; ask an administrator.',
  'CREATE_SCREEN.PLACE': 'Put it in the menu and open it',
  'CREATE_SCREEN.OPEN_WITHOUT_MENU': 'Open it without a menu item',
  'CREATE_SCREEN.OPEN': 'Open the screen',
};
