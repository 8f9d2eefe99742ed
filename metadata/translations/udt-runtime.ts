/** Default (en-gb) texts of user-defined grid pages (`/udt/*`) and of inline editing in grids. */
export const udtRuntimeTexts: Record<string, string> = {
  'GRID.INLINE.HINT': 'Double-click or press Enter to edit.',
  'GRID.INLINE.EDIT_CELL': 'Edit {{column}} of row {{name}}',
  'GRID.INLINE.NONE': '(none)',
  'GRID.INLINE.SAVE_FAILED': 'The change could not be saved.',
  'GRID.INLINE.STALE':
    'This row was changed by someone else meanwhile; it now shows their version. Make your change again if it is still needed.',
  'ENGINE.DISCARD_CONFIRM': 'Leave without saving? Your changes will be lost.',
  'UDT.DUPLICATE_PK': 'There is already an item with this {{field}}.',
  'UDT.CREATED': 'Created by {{user}} on {{time}}',
  'UDT.UPDATED': 'Last changed by {{user}} on {{time}}',
  'UDT.UNKNOWN_USER': 'an unknown user',
  'UDT.HISTORY_NOT_LOADED': 'The history could not be loaded.',
  'UDT.HISTORY_EMPTY': 'No changes recorded yet.',
  'UDT.HISTORY_SHOW_ALL': 'Show all {{count}} changes',
  'UDT.EXPORT_XLSX': 'Export to Excel',
  'UDT.EXPORT_CSV': 'Export to CSV',
  'UDT.EXPORT_FAILED': 'The export could not be made.',
};
