import type { UiSchema } from '@rjsf/utils';
import { inSentence } from '../translate-ui-schema';

/** How the items of an array field are called: the items' (translated) `ui:title`. */
export function arrayItemName(arrayUi: UiSchema | undefined): string | undefined {
  const items = arrayUi?.items as Record<string, unknown> | undefined;
  const title = items?.['ui:title'];
  return typeof title === 'string' && title !== '' ? title : undefined;
}

/** The words of an item's buttons: `{ item: 'Contact', itemLower: 'contact', number: 2 }`. */
export function itemWords(item: string, index: number) {
  return { item, itemLower: inSentence(item), number: index + 1 };
}
