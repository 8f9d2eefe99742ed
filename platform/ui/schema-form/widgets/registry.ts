import { Widgets as mantineWidgets } from '@rjsf/mantine';
import type { SchemaFormWidget } from '../schema-form-types';
import { AutocompleteWidget } from './autocomplete-widget';
import { CheckboxListWidget } from './checkbox-list-widget';
import { DateTimeWidget } from './date-time-widget';
import { DateWidget } from './date-widget';
import { DigitsSpacesQuestionWidget, UpperCodeWidget } from './filtered-text-widget';
import { NumberWidget } from './number-widget';
import { RemoteSelectWidget } from './remote-select-widget';
import { SwitchWidget } from './switch-widget';

/**
 * The widgets a uiSchema can name with `ui:widget`, on top of RJSF's defaults (text,
 * textarea, select, checkbox, radio, ...). `DateWidget` and `DateTimeWidget` are what RJSF
 * picks for `format: date` and `format: date-time`. The app adds its own by passing
 * `widgets` to `SchemaForm`, or by registering here at start-up.
 *
 * @example schemaFormWidgets.postcode = PostcodeWidget;  // uiSchema: { 'ui:widget': 'postcode' }
 */
export const schemaFormWidgets: Record<string, SchemaFormWidget> = {
  ...mantineWidgets,
  DateWidget,
  DateTimeWidget,
  UpDownWidget: NumberWidget,
  switch: SwitchWidget,
  checkboxList: CheckboxListWidget,
  autocomplete: AutocompleteWidget,
  digitsSpacesQuestion: DigitsSpacesQuestionWidget,
  upperCode: UpperCodeWidget,
  remoteSelect: RemoteSelectWidget,
};
