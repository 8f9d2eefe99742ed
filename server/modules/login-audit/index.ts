/** The login-audit module's door: what other parts of the server may use. */
export {
  answerFlag,
  insertLoginAudit,
  recordAccountEvent,
  type AccountEvent,
} from './login-audit-repository';
