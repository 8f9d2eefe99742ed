import { Alert, Anchor, List } from '@mantine/core';
import type { ErrorListProps } from '@rjsf/utils';
import { createContext, useContext } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { JsonSchema } from '#metadata';
import { type FieldMessage, fieldId, flattenErrorSchema } from '../field-path';
import { focusField } from '../focus-field';
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
 * A line of the error area. A message of the form's own checks names its field (`Enter the
 * code.`); one inside an array item says which item (`Contact 2: Enter the name.`); a bare
 * message from elsewhere (`is required`) gets the field's label in front.
 */
function errorLine(
  message: FieldMessage,
  uiSchema: unknown,
  t: (key: string, options: Record<string, string>) => string,
) {
  const { path } = message;
  if (path.length === 0) return message.message;
  const fragment = /^\p{Ll}/u.test(message.message);
  const field = fieldLabel(uiSchema, fragment ? path : path.slice(0, -1));
  return field ? t('FORM.ERROR_LINE', { field, message: message.message }) : message.message;
}

/**
 * The error summary: every client, unique and server error of the form, one line per message
 * in the order of the fields; a line is a link that takes the focus to its field.
 */
export function ErrorArea({ errorSchema, schema, uiSchema, registry }: ErrorListProps) {
  const { t } = useTranslation();
  const slot = useContext(ErrorSlotContext);
  const order = propertyOrder(schema as JsonSchema, uiSchema);
  const messages = inFormOrder(flattenErrorSchema(errorSchema), order);
  if (messages.length === 0) return null;
  const { idPrefix } = registry.globalFormOptions;

  const area = (
    <Alert mt="md" color="red" variant="light" title={t('FORM.ERRORS_TITLE')} data-form-errors>
      <List size="sm" spacing={2}>
        {messages.map((message, index) => {
          const line = errorLine(message, uiSchema, (key, options) => t(key, options));
          const id = fieldId(idPrefix, message.path);
          return (
            <List.Item key={`${message.path.join('.')}-${index}`}>
              {message.path.length === 0 ? (
                line
              ) : (
                <Anchor
                  href={`#${id}`}
                  size="sm"
                  c="red.9"
                  onClick={(event) => {
                    event.preventDefault();
                    focusField(document.getElementById(id));
                  }}
                >
                  {line}
                </Anchor>
              )}
            </List.Item>
          );
        })}
      </List>
    </Alert>
  );
  return slot ? createPortal(area, slot) : area;
}
