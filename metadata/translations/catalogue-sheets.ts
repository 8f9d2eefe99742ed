/** The sync of units (`/admin/syncunits`), the materials workbook and their settings. */
export const catalogueSheetsTexts: Record<string, string> = {
  'ROUTES.SYNC_UNITS': 'Sync units',

  'SYNC_UNITS.TITLE': 'Sync units with the recording system',
  'SYNC_UNITS.INTRO':
    'Compares our units with the external recording system. Tick the changes to make, then apply them; units are never deleted, only made inactive.',
  'SYNC_UNITS.COMPARE': 'Compare again',
  'SYNC_UNITS.LOADING': 'Reading the recording system',
  'SYNC_UNITS.FAILED': 'The comparison could not be made',
  'SYNC_UNITS.UNCONFIGURED': 'No recording system to compare with yet',
  'SYNC_UNITS.UNCONFIGURED_HINT':
    'Set “Address of the units list” (and its format) under Settings › Units sync; the units found there are then listed here next to ours, to create, update or make inactive.',
  'SYNC_UNITS.UNCONFIGURED_ASK':
    'An administrator who may change the settings sets “Address of the units list” under Settings › Units sync.',
  'SYNC_UNITS.SETTINGS_SECTION_LINK': 'Open Settings › Units sync',
  'SYNC_UNITS.SUMMARY':
    '{{new}} new, {{upgrade}} to update, {{missing}} not in the source, {{unchanged}} unchanged.',
  'SYNC_UNITS.NEW': 'New units',
  'SYNC_UNITS.NEW_HINT': 'In the recording system, not here: they are created.',
  'SYNC_UNITS.UPGRADE': 'Units to update',
  'SYNC_UNITS.UPGRADE_HINT': 'Here and in the recording system with other values: old → new.',
  'SYNC_UNITS.MISSING': 'Units the recording system lacks',
  'SYNC_UNITS.MISSING_HINT':
    'Active here, not listed by the recording system: tick to make inactive.',
  'SYNC_UNITS.PROBLEMS': 'Rows of the source left out',
  'SYNC_UNITS.NONE': 'Nothing here.',
  'SYNC_UNITS.IN_SYNC': 'Our units match the recording system.',
  'SYNC_UNITS.SELECT_ALL': 'Select all: {{list}}',
  'SYNC_UNITS.SELECT': 'Select {{code}}',
  'SYNC_UNITS.CODE': 'Code',
  'SYNC_UNITS.NAME': 'Name',
  'SYNC_UNITS.ACTIVE': 'Active',
  'SYNC_UNITS.LOCATION': 'Location',
  'SYNC_UNITS.CHANGES': 'Changes',
  'SYNC_UNITS.ROW': 'Row',
  'SYNC_UNITS.FIELD': 'Field',
  'SYNC_UNITS.MESSAGE': 'Problem',
  'SYNC_UNITS.YES': 'Yes',
  'SYNC_UNITS.NO': 'No',
  'SYNC_UNITS.EMPTY_VALUE': '(empty)',
  'SYNC_UNITS.APPLY': 'Apply {{count}} selected',
  'SYNC_UNITS.APPLY_CONFIRM':
    'Create {{created}}, update {{updated}} and make {{deactivated}} inactive?',
  'SYNC_UNITS.APPLIED':
    'Done: {{created}} created, {{updated}} updated, {{deactivated}} made inactive.',
  'SYNC_UNITS.APPLY_FAILED': 'The changes were not applied.',

  'MATERIAL_SHEETS.DOWNLOAD': 'Download',
  'MATERIAL_SHEETS.DOWNLOAD_FAILED': 'The materials workbook could not be downloaded.',
  'MATERIAL_SHEETS.INCLUDE_INACTIVE': 'Include inactive',
  'MATERIAL_SHEETS.UPLOAD': 'Upload',
  'MATERIAL_SHEETS.FILE': 'Materials workbook (.xlsx)',
  'MATERIAL_SHEETS.WRONG_FORMAT': 'The file is not an Excel workbook (.xlsx).',
  'MATERIAL_SHEETS.UPLOAD_FAILED': 'The workbook could not be uploaded.',
  'MATERIAL_SHEETS.UPLOADED':
    'The workbook was saved: {{created}} created, {{updated}} updated, {{unchanged}} unchanged.',
  'MATERIAL_SHEETS.ERRORS_TITLE': 'Nothing was saved: fix these rows and upload again',
  'MATERIAL_SHEETS.ERRORS_GRID': 'Problems of the uploaded workbook',
  'MATERIAL_SHEETS.ROW': 'Row',
  'MATERIAL_SHEETS.FIELD': 'Field',
  'MATERIAL_SHEETS.MESSAGE': 'Problem',
  'MATERIAL_SHEETS.CLOSE': 'Close',

  'SETTINGS.SECTION.UNITS_SYNC': 'Units sync',
  'SETTINGS.UNITS_SYNC.HINT':
    'The external recording system that Administration › Sync units compares our units with.',
  'SETTINGS.UNITS_SYNC.SOURCE_URL': 'Address of the units list',
  'SETTINGS.UNITS_SYNC.SOURCE_URL_HINT':
    'An http(s) address answering the units (Code, Name, Active, and optionally Latitude, Longitude, Postcode). Empty: no sync.',
  'SETTINGS.UNITS_SYNC.FORMAT': 'Format of the units list',
  'SETTINGS.UNITS_SYNC.FORMAT.JSON': 'JSON (a list of units)',
  'SETTINGS.UNITS_SYNC.FORMAT.CSV': 'CSV with a header row',
  'SETTINGS.UNITS_SYNC.TIMEOUT': 'Time to wait for the recording system',
};
