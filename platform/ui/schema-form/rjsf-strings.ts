import { replaceStringParameters, TranslatableString } from '@rjsf/utils';

/** The translation key of every text RJSF and its Mantine theme draw themselves. */
const keys: Record<TranslatableString, string> = {
  [TranslatableString.ArrayItemTitle]: 'FORM.RJSF.ARRAY_ITEM_TITLE',
  [TranslatableString.MissingItems]: 'FORM.RJSF.MISSING_ITEMS',
  [TranslatableString.EmptyArray]: 'FORM.RJSF.EMPTY_ARRAY',
  [TranslatableString.YesLabel]: 'FORM.RJSF.YES',
  [TranslatableString.NoLabel]: 'FORM.RJSF.NO',
  [TranslatableString.CloseLabel]: 'FORM.RJSF.CLOSE',
  [TranslatableString.ErrorsLabel]: 'FORM.RJSF.ERRORS',
  [TranslatableString.NewStringDefault]: 'FORM.RJSF.NEW_STRING_DEFAULT',
  [TranslatableString.AddButton]: 'FORM.RJSF.ADD',
  [TranslatableString.AddItemButton]: 'FORM.RJSF.ADD_ITEM',
  [TranslatableString.CopyButton]: 'FORM.RJSF.COPY',
  [TranslatableString.ExpandButton]: 'FORM.RJSF.EXPAND',
  [TranslatableString.MoveDownButton]: 'FORM.RJSF.MOVE_DOWN',
  [TranslatableString.MoveUpButton]: 'FORM.RJSF.MOVE_UP',
  [TranslatableString.RemoveButton]: 'FORM.RJSF.REMOVE',
  [TranslatableString.NowLabel]: 'FORM.RJSF.NOW',
  [TranslatableString.ClearLabel]: 'FORM.RJSF.CLEAR',
  [TranslatableString.AriaDateLabel]: 'FORM.RJSF.ARIA_DATE',
  [TranslatableString.PreviewLabel]: 'FORM.RJSF.PREVIEW',
  [TranslatableString.DecrementAriaLabel]: 'FORM.RJSF.DECREMENT',
  [TranslatableString.IncrementAriaLabel]: 'FORM.RJSF.INCREMENT',
  [TranslatableString.OptionalObjectAdd]: 'FORM.RJSF.OPTIONAL_OBJECT_ADD',
  [TranslatableString.OptionalObjectRemove]: 'FORM.RJSF.OPTIONAL_OBJECT_REMOVE',
  [TranslatableString.OptionalObjectEmptyMsg]: 'FORM.RJSF.OPTIONAL_OBJECT_EMPTY',
  [TranslatableString.Type]: 'FORM.RJSF.TYPE',
  [TranslatableString.Value]: 'FORM.RJSF.VALUE',
  [TranslatableString.ClearButton]: 'FORM.RJSF.CLEAR_INPUT',
  [TranslatableString.UnknownFieldType]: 'FORM.RJSF.UNKNOWN_FIELD_TYPE',
  [TranslatableString.OptionPrefix]: 'FORM.RJSF.OPTION_PREFIX',
  [TranslatableString.TitleOptionPrefix]: 'FORM.RJSF.TITLE_OPTION_PREFIX',
  [TranslatableString.KeyLabel]: 'FORM.RJSF.KEY_LABEL',
  [TranslatableString.DeprecatedLabel]: 'FORM.RJSF.DEPRECATED',
  [TranslatableString.CycleDetected]: 'FORM.RJSF.CYCLE_DETECTED',
  [TranslatableString.InvalidObjectField]: 'FORM.RJSF.INVALID_OBJECT_FIELD',
  [TranslatableString.UnsupportedField]: 'FORM.RJSF.UNSUPPORTED_FIELD',
  [TranslatableString.UnsupportedFieldWithId]: 'FORM.RJSF.UNSUPPORTED_FIELD_WITH_ID',
  [TranslatableString.UnsupportedFieldWithReason]: 'FORM.RJSF.UNSUPPORTED_FIELD_WITH_REASON',
  [TranslatableString.UnsupportedFieldWithIdAndReason]:
    'FORM.RJSF.UNSUPPORTED_FIELD_WITH_ID_AND_REASON',
  [TranslatableString.FilesInfo]: 'FORM.RJSF.FILES_INFO',
};

/**
 * RJSF's `translateString` over i18next: each of RJSF's own texts is a translation key
 * (`FORM.RJSF.*`, en-gb defaults in the form texts) whose `%1`, `%2` take RJSF's parameters.
 *
 * @example <Form translateString={createStringTranslator((key) => t(key))} ... />
 */
export function createStringTranslator(t: (key: string) => string) {
  return (text: TranslatableString, params?: string[]): string =>
    replaceStringParameters(t(keys[text]), params);
}
