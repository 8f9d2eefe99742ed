/** Default (en-gb) texts of the data source designer's access rules panel. */
export const accessRulesTexts: Record<string, string> = {
  'ACCESS_RULES.TITLE': 'Access rules',
  'ACCESS_RULES.INTRO':
    'Rules per role on top of the permissions: which rows holders of a role reach, and which fields they may not see or change. A role no row rule names (administrators’ too) is bound by the everyone-else rule; without one, it is not restricted.',
  'ACCESS_RULES.LOADING': 'Loading the access rules…',
  'ACCESS_RULES.NOT_LOADED': 'The access rules could not be loaded.',
  'ACCESS_RULES.ROLES_NOT_LOADED':
    'The roles could not be loaded; roles are shown by their numbers.',
  'ACCESS_RULES.ROLE_NUMBER': 'Role {{id}}',
  'ACCESS_RULES.ROWS': 'Row rules',
  'ACCESS_RULES.ROWS_NONE': 'No row rules: every holder of the read permission reaches every row.',
  'ACCESS_RULES.RULE': 'Rule {{number}}',
  'ACCESS_RULES.ROLES': 'Roles of rule {{number}}',
  'ACCESS_RULES.ROLES_REQUIRED': 'Choose at least one role.',
  'ACCESS_RULES.READ': 'Rows they read (rule {{number}})',
  'ACCESS_RULES.WRITE': 'Rows they change (rule {{number}})',
  'ACCESS_RULES.FILTER_PLACEHOLDER': 'Every row',
  'ACCESS_RULES.ADD_RULE': 'Add row rule',
  'ACCESS_RULES.REMOVE_RULE': 'Remove rule {{number}}',
  'ACCESS_RULES.OTHERS': 'Everyone else',
  'ACCESS_RULES.OTHERS_READ': 'Rows they read (everyone else)',
  'ACCESS_RULES.OTHERS_WRITE': 'Rows they change (everyone else)',
  'ACCESS_RULES.OTHERS_ADD': 'Add rule for everyone else',
  'ACCESS_RULES.OTHERS_REMOVE': 'Remove the rule for everyone else',
  'ACCESS_RULES.UNRULED_READERS': 'Roles no rule restricts',
  'ACCESS_RULES.UNRULED_READERS_HELP':
    'These roles may read this data source, but no row rule names them and there is no rule for everyone else: their holders reach every row. Name them in a rule or add a rule for everyone else.',
  'ACCESS_RULES.FILTER_HELP':
    "An OData filter over the fields, e.g. UnitId in $CurrentUserUnits or Status eq 'Open'; empty: every row. A holder of several ruled roles reaches what any of their rules allows.",
  'ACCESS_RULES.VARIABLES': 'Variables',
  'ACCESS_RULES.VARIABLE.CURRENT_USER': 'the signed-in user’s id',
  'ACCESS_RULES.VARIABLE.CURRENT_USER_UNITS':
    'the ids of the user’s units, after in (UnitId in $CurrentUserUnits)',
  'ACCESS_RULES.VARIABLE.CURRENT_COMPANY':
    'the id of the user’s company (a user without one reaches no row by it)',
  'ACCESS_RULES.STAMP_FIELDS':
    'Also: CreatedById and UpdatedById, the ids of the users who created and last changed a row.',
  'ACCESS_RULES.FIELDS': 'Field rules',
  'ACCESS_RULES.FIELD': 'Field',
  'ACCESS_RULES.HIDDEN': 'Hidden for',
  'ACCESS_RULES.READ_ONLY': 'Read-only for',
  'ACCESS_RULES.HIDDEN_FOR': 'Hidden for {{field}}',
  'ACCESS_RULES.READ_ONLY_FOR': 'Read-only for {{field}}',
  'ACCESS_RULES.SAVE': 'Save access rules',
  'ACCESS_RULES.SAVED': 'The access rules were saved.',
  'ACCESS_RULES.REFUSED': 'The access rules were not saved:',
  'ACCESS_RULES.STALE':
    'The data source was changed by someone else meanwhile. Reload it to see the changes? Your unsaved changes will be lost.',
  'ACCESS_RULES.RELOAD': 'Reload',
};
