export { permanentCookieExpiry, readCookie, writePermanentCookie } from './permanent-cookie';
