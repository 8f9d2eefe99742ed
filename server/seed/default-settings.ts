import { compactionSettingDefaults } from '../services/compaction/compaction-settings';
import { weatherSettingDefaults } from '../services/weather/weather-settings';

/** Settings an installation starts with; administrators change them later. */
export const defaultSettings: Record<string, unknown> = {
  'App.TestMode': false,
  'GroupsAndCompanies.UsersBelongTo': 0,
  'Localization.UseFakeLocalization': true,
  'Localization.GenerateLongerFakes': false,
  'Localization.GenerateCompoundFakes': false,
  'App.DemoMode': false,
  'Security.MaxFailedLoginAttempts': 5,
  'Security.LockoutMinutes': 15,
  'Security.CaptchaAfterFailedAttempts': 3,
  'Security.RevealLoginFailureReason': false,
  'Security.IdleTimeoutMinutes': 10,
  'Security.SessionHours': 12,
  'Security.RememberMeDays': 30,
  'Security.CaptchaCost': 1000,
  'Security.CaptchaCounterMin': 2000,
  'Security.CaptchaCounterMax': 6000,
  'Security.LocalSignInEnabled': true,
  'Security.TicketHours': 24,
  'Security.ConfirmRegistrationEmail': true,
  'Security.PasswordMailMinutes': 5,
  'Email.ProblemReportsTo': '',
  'Weather.PostcodeLookupUrl': '',
  ...compactionSettingDefaults,
  ...weatherSettingDefaults,
};
