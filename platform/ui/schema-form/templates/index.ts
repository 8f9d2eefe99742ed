import { Templates as mantineTemplates } from '@rjsf/mantine';
import { BaseInputTemplate } from './base-input-template';
import { ErrorArea } from './error-area';
import { ObjectFieldTemplate } from './object-field-template';

/** RJSF templates of the form: Mantine's, with our inputs, layout and error area. */
export const schemaFormTemplates = {
  ...mantineTemplates,
  BaseInputTemplate,
  ErrorListTemplate: ErrorArea,
  ObjectFieldTemplate,
};

export { ErrorSlotContext } from './error-area';
