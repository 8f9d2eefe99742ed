import { TextInput } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { TemplateWidgetProps } from './insertion-targets';

/**
 * One line of plain text (a template's subject) that takes a clicked `{{Parameter}}` at its
 * caret, like the body editor.
 */
export function PlaceholderTextWidget(props: TemplateWidgetProps) {
  const { id, label, value, required, readonly, disabled, rawErrors, onChange } = props;
  const targets = props.registry.formContext?.insertionTargets;
  const input = useRef<HTMLInputElement>(null);
  const text = typeof value === 'string' ? value : '';
  const current = useRef(text);
  current.current = text;

  useEffect(() => {
    if (!targets) return;
    return targets.register('Subject', {
      insert: (placeholder) => {
        const field = input.current;
        const start = field?.selectionStart ?? current.current.length;
        const end = field?.selectionEnd ?? start;
        const next = current.current.slice(0, start) + placeholder + current.current.slice(end);
        onChange(next);
        requestAnimationFrame(() => {
          field?.focus();
          field?.setSelectionRange(start + placeholder.length, start + placeholder.length);
        });
      },
    });
  }, [targets, onChange]);

  return (
    <TextInput
      ref={input}
      id={id}
      label={label}
      required={required}
      readOnly={readonly}
      disabled={disabled}
      value={text}
      error={rawErrors?.length ? rawErrors.join('\n') : undefined}
      onChange={(event) => onChange(event.currentTarget.value || undefined)}
      onFocus={() => {
        targets?.focused('Subject');
        props.onFocus(id, text);
      }}
      onBlur={() => props.onBlur(id, text)}
    />
  );
}
