/** The templates module's door: what other parts of the server may use. */
export {
  findEmailTemplate,
  insertMissingEmailTemplates,
  languagesOfAddresses,
} from './email-templates-repository';
export type { EmailTemplateSeed } from './email-templates-repository';
export {
  builtInTemplate,
  registerMailTemplates,
  registeredMailTemplates,
} from './mail-template-registry';
