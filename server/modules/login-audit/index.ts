/** The login-audit module's door: what other parts of the server may use. */
export { insertLoginAudit } from './login-audit-repository';
