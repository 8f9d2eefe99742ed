/** Settings an installation starts with; administrators change them later. */
export const defaultSettings: Record<string, unknown> = {
  'App.TestMode': false,
  'GroupsAndCompanies.UsersBelongTo': 0,
  'Localization.UseFakeLocalization': true,
  'Localization.GenerateLongerFakes': false,
  'Localization.GenerateCompoundFakes': false,
};
