import type { TFunction } from 'i18next';

export const captchaTagName = 'altcha-widget';
/** The widget language under which the application's own texts are registered. */
export const captchaLanguage = 'app';

/** Loads the captcha widget once, on first need, so the login route stays small. */
export async function loadCaptchaWidget(): Promise<void> {
  if (customElements.get(captchaTagName)) return;
  await import('./altcha-setup');
}

/** The widget's texts, translated; registered again whenever the language changes. */
export function registerCaptchaTexts(t: TFunction): void {
  const registry = (globalThis as { $altcha?: typeof globalThis.$altcha }).$altcha;
  if (!registry) return;
  registry.i18n.set(captchaLanguage, {
    ...registry.i18n.get('en'),
    label: t('CAPTCHA.LABEL'),
    verify: t('CAPTCHA.VERIFY'),
    verifying: t('CAPTCHA.VERIFYING'),
    verified: t('CAPTCHA.VERIFIED'),
    verificationRequired: t('CAPTCHA.VERIFICATION_REQUIRED'),
    waitAlert: t('CAPTCHA.WAIT'),
    error: t('CAPTCHA.ERROR'),
    expired: t('CAPTCHA.EXPIRED'),
    loading: t('CAPTCHA.LOADING'),
    reload: t('CAPTCHA.RELOAD'),
    cancel: t('CAPTCHA.CANCEL'),
    enterCode: t('CAPTCHA.ENTER_CODE'),
    enterCodeAria: t('CAPTCHA.ENTER_CODE_ARIA'),
    enterCodeFromImage: t('CAPTCHA.ENTER_CODE_FROM_IMAGE'),
    getAudioChallenge: t('CAPTCHA.AUDIO'),
  });
}
