export { SchemaForm } from './schema-form';
export { SaveFailure } from './save-failure';
export type {
  CheckboxListItem,
  SchemaFormContext,
  SchemaFormProps,
  SchemaFormWidget,
  ServerFieldError,
} from './schema-form-types';
export { schemaFormWidgets } from './widgets/registry';
export {
  createFilteredTextWidget,
  keepDigitsSpacesQuestion,
  keepUpperCode,
} from './widgets/filtered-text-widget';
export { uniqueCheckDelayMs } from './use-unique-check';
export { inSentence } from './translate-ui-schema';
export { fieldError } from './field-error';
