import type { Widget, WidgetProps } from '@rjsf/utils';
import { getTemplate } from '@rjsf/utils';
import type { ChangeEvent } from 'react';

/**
 * A text widget that rewrites what is typed, character by character (the caret may jump to
 * the end when a character is dropped).
 *
 * @example
 * const hexWidget = createFilteredTextWidget((text) => text.toLowerCase().replace(/[^0-9a-f]/g, ''));
 * <SchemaForm widgets={{ hex: hexWidget }} ... />  // uiSchema: { Colour: { 'ui:widget': 'hex' } }
 */
export function createFilteredTextWidget(filter: (text: string) => string): Widget {
  function FilteredTextWidget(props: WidgetProps) {
    const { options, registry, onChange } = props;
    const BaseInputTemplate = getTemplate('BaseInputTemplate', registry, options);
    const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
      const text = filter(event.target.value);
      onChange(text === '' ? options.emptyValue : text);
    };
    return <BaseInputTemplate {...props} onChangeOverride={handleChange} />;
  }
  return FilteredTextWidget;
}

/** Keeps digits, spaces and `?` (phone-like numbers with unknown digits). */
export const keepDigitsSpacesQuestion = (text: string): string => text.replace(/[^0-9 ?]/g, '');

/** Upper-cases and keeps `0-9 A-Z`, space and `?` (material codes: `ab-12?x` -> `AB12?X`). */
export const keepUpperCode = (text: string): string =>
  text.toUpperCase().replace(/[^0-9A-Z ?]/g, '');

export const DigitsSpacesQuestionWidget = createFilteredTextWidget(keepDigitsSpacesQuestion);
export const UpperCodeWidget = createFilteredTextWidget(keepUpperCode);
