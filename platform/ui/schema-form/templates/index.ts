import { Templates as mantineTemplates } from '@rjsf/mantine';
import { ArrayFieldTemplate } from './array-field-template';
import { ArrayItemButtonsTemplate } from './array-item-buttons-template';
import { BaseInputTemplate } from './base-input-template';
import { ErrorArea } from './error-area';
import { ObjectFieldTemplate } from './object-field-template';

/** RJSF templates of the form: Mantine's, with our inputs, layout, lists and error area. */
export const schemaFormTemplates = {
  ...mantineTemplates,
  ArrayFieldTemplate,
  ArrayFieldItemButtonsTemplate: ArrayItemButtonsTemplate,
  BaseInputTemplate,
  ErrorListTemplate: ErrorArea,
  ObjectFieldTemplate,
};

export { ErrorSlotContext } from './error-area';
