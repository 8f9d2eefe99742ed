/** Business constants of the platform (administration spec section 9). */
export const platformConstants = {
  idleCheckIntervalMs: 60_000,
  idleWarningMinutes: [8, 9],
  idleNoticeMs: 120_000,
  idleLogoutMinutes: 10,
  permanentCookieMs: 94_608_000_000,
  toastAutoHideMs: 3_000,
  toastDismissableAfterMs: 1_000,
  dialogWidthPx: 430,
  changePasswordDialogWidthPx: 870,
  defaultLanguage: 'en-gb',
  fallbackLanguage: 'default',
  fakeLanguage: 'fake',
  templateVersion: 163,
} as const;

/** Names of the cookies the browser keeps (all permanent, see permanentCookieMs). */
export const cookieNames = {
  language: 'language',
  languageSetTime: 'language_set_time',
  cookieBanner: 'cookie_banner_dismissed',
} as const;
