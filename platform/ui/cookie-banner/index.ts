export { CookieBanner, isCookieBannerDismissed } from './cookie-banner';
