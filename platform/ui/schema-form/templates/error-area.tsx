import { Alert, List } from '@mantine/core';
import type { ErrorListProps } from '@rjsf/utils';
import { createContext, useContext } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { JsonSchema } from '#metadata';
import { type FieldMessage, flattenErrorSchema } from '../field-path';
import { fieldLabel, propertyOrder } from '../translate-ui-schema';

/**
 * Where the error area goes: RJSF renders its error list before or after the buttons only,
 * so the list is portalled into a slot the form keeps between the fields and the buttons.
 */
export const ErrorSlotContext = createContext<HTMLElement | null>(null);

function inFormOrder(messages: FieldMessage[], order: string[]): FieldMessage[] {
  const rank = (message: FieldMessage) => {
    if (message.path.length === 0) return -1;
    const index = order.indexOf(message.path[0] ?? '');
    return index < 0 ? order.length : index;
  };
  return messages
    .map((message, index) => ({ message, index }))
    .sort((a, b) => rank(a.message) - rank(b.message) || a.index - b.index)
    .map(({ message }) => message);
}

/**
 * The error area: every client, unique and server error of the form, one line per message
 * (`Code: is required`), in the order of the fields.
 */
export function ErrorArea({ errorSchema, schema, uiSchema }: ErrorListProps) {
  const { t } = useTranslation();
  const slot = useContext(ErrorSlotContext);
  const order = propertyOrder(schema as JsonSchema, uiSchema);
  const messages = inFormOrder(flattenErrorSchema(errorSchema), order);
  if (messages.length === 0) return null;

  const area = (
    <Alert color="red" variant="light" title={t('FORM.ERRORS_TITLE')} data-form-errors>
      <List size="sm" spacing={2}>
        {messages.map(({ path, message }, index) => (
          <List.Item key={`${path.join('.')}-${index}`}>
            {path.length === 0
              ? message
              : t('FORM.ERROR_LINE', { field: fieldLabel(uiSchema, path), message })}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
  return slot ? createPortal(area, slot) : area;
}
