import { booleanSchema, integerBetween, type SettingSection } from './setting-definition';

/** The rules the browser's password meter applies (answered by `GetPasswordSettings`). */
export const passwordSettings: SettingSection = {
  id: 'Password',
  title: 'SETTINGS.SECTION.PASSWORD',
  description: 'SETTINGS.PASSWORD.SECTION_HINT',
  settings: [
    {
      key: 'Password.MinLength',
      schema: integerBetween(6, 128),
      default: 6,
      title: 'SETTINGS.PASSWORD.MIN_LENGTH',
      unit: 'SETTINGS.UNIT.CHARACTERS',
    },
    {
      key: 'Password.StrongLength',
      schema: integerBetween(6, 128),
      default: 12,
      title: 'SETTINGS.PASSWORD.STRONG_LENGTH',
      description: 'SETTINGS.PASSWORD.STRONG_LENGTH_HINT',
      unit: 'SETTINGS.UNIT.CHARACTERS',
    },
  ],
};

/** The self-hosted proof-of-work captcha (ALTCHA) of the sign-in screen. */
export const captchaSettings: SettingSection = {
  id: 'Captcha',
  title: 'SETTINGS.SECTION.CAPTCHA',
  description: 'SETTINGS.CAPTCHA.SECTION_HINT',
  settings: [
    {
      key: 'Security.CaptchaAfterFailedAttempts',
      schema: integerBetween(0, 100),
      default: 3,
      title: 'SETTINGS.CAPTCHA.AFTER_FAILURES',
      description: 'SETTINGS.CAPTCHA.AFTER_FAILURES_HINT',
      unit: 'SETTINGS.UNIT.ATTEMPTS',
    },
    {
      key: 'Security.CaptchaCost',
      schema: integerBetween(1, 100_000),
      default: 1000,
      title: 'SETTINGS.CAPTCHA.COST',
      description: 'SETTINGS.CAPTCHA.COST_HINT',
    },
    {
      key: 'Security.CaptchaCounterMin',
      schema: integerBetween(1, 1_000_000),
      default: 2000,
      title: 'SETTINGS.CAPTCHA.COUNTER_MIN',
    },
    {
      key: 'Security.CaptchaCounterMax',
      schema: integerBetween(1, 1_000_000),
      default: 6000,
      title: 'SETTINGS.CAPTCHA.COUNTER_MAX',
      description: 'SETTINGS.CAPTCHA.COUNTER_HINT',
    },
  ],
};

export const securitySettingsSection: SettingSection = {
  id: 'Security',
  title: 'SETTINGS.SECTION.SECURITY',
  settings: [
    {
      key: 'Security.MaxFailedLoginAttempts',
      schema: integerBetween(1, 100),
      default: 5,
      title: 'SETTINGS.SECURITY.MAX_FAILED',
      description: 'SETTINGS.SECURITY.MAX_FAILED_HINT',
      unit: 'SETTINGS.UNIT.ATTEMPTS',
    },
    {
      key: 'Security.LockoutMinutes',
      schema: integerBetween(1, 24 * 60),
      default: 15,
      title: 'SETTINGS.SECURITY.LOCKOUT',
      unit: 'SETTINGS.UNIT.MINUTES',
    },
    {
      key: 'Security.RevealLoginFailureReason',
      schema: booleanSchema,
      default: false,
      title: 'SETTINGS.SECURITY.REVEAL_REASON',
      description: 'SETTINGS.SECURITY.REVEAL_REASON_HINT',
    },
    {
      key: 'Security.IdleTimeoutMinutes',
      schema: integerBetween(1, 24 * 60),
      default: 10,
      title: 'SETTINGS.SECURITY.IDLE',
      description: 'SETTINGS.SECURITY.IDLE_HINT',
      unit: 'SETTINGS.UNIT.MINUTES',
    },
    {
      key: 'Security.SessionHours',
      schema: integerBetween(1, 24 * 7),
      default: 12,
      title: 'SETTINGS.SECURITY.SESSION_HOURS',
      unit: 'SETTINGS.UNIT.HOURS',
    },
    {
      key: 'Security.RememberMeDays',
      schema: integerBetween(1, 365),
      default: 30,
      title: 'SETTINGS.SECURITY.REMEMBER_DAYS',
      unit: 'SETTINGS.UNIT.DAYS',
    },
    {
      key: 'Security.LocalSignInEnabled',
      schema: booleanSchema,
      default: true,
      title: 'SETTINGS.SECURITY.LOCAL_SIGN_IN',
      description: 'SETTINGS.SECURITY.LOCAL_SIGN_IN_HINT',
    },
    {
      key: 'Security.ConfirmRegistrationEmail',
      schema: booleanSchema,
      default: true,
      title: 'SETTINGS.SECURITY.CONFIRM_EMAIL',
      description: 'SETTINGS.SECURITY.CONFIRM_EMAIL_HINT',
    },
    {
      key: 'Security.TicketHours',
      schema: integerBetween(1, 24 * 30),
      default: 24,
      title: 'SETTINGS.SECURITY.TICKET_HOURS',
      description: 'SETTINGS.SECURITY.TICKET_HOURS_HINT',
      unit: 'SETTINGS.UNIT.HOURS',
    },
    {
      key: 'Security.PasswordMailMinutes',
      schema: integerBetween(0, 24 * 60),
      default: 5,
      title: 'SETTINGS.SECURITY.PASSWORD_MAIL_MINUTES',
      description: 'SETTINGS.SECURITY.PASSWORD_MAIL_MINUTES_HINT',
      unit: 'SETTINGS.UNIT.MINUTES',
    },
  ],
};
