import { getDefaultZIndex, Group, Modal, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { platformConstants } from '#metadata';
import { dialogAppearance } from './dialog-appearance';
import { DialogBody } from './dialog-body';
import { useDialogStore } from './dialog-store';
import type { DialogEntry } from './dialog-types';

interface DialogModalProps {
  entry: DialogEntry;
  /** Position in the stack, 0 at the bottom. */
  depth: number;
  /** Only the top dialog traps focus and answers the escape key. */
  isTop: boolean;
}

/** One dialog of the stack, as an accessible Mantine modal named by its title. */
export function DialogModal({ entry, depth, isTop }: DialogModalProps) {
  const { t } = useTranslation();
  const close = useDialogStore((state) => state.close);
  const { kind, options } = entry;
  const { titleKey, color, glyph } = dialogAppearance[kind];
  const title = options.title ?? (titleKey ? t(titleKey) : undefined);
  const closable = kind !== 'waiting';

  return (
    <Modal
      opened
      onClose={() => close(entry.id, 'dismiss')}
      size={options.width ?? platformConstants.dialogWidthPx}
      zIndex={getDefaultZIndex('modal') + depth * 10}
      centered
      trapFocus={isTop}
      closeOnEscape={isTop && closable}
      closeOnClickOutside={false}
      withCloseButton={closable}
      closeButtonProps={{ 'aria-label': t('DIALOG.CLOSE') }}
      data-dialog-kind={kind}
      styles={{ content: { borderTop: `4px solid var(--mantine-color-${color}-6)` } }}
      title={
        title && (
          <Group gap="xs" wrap="nowrap" c={kind === 'error' ? 'red.8' : undefined}>
            {glyph && (
              <ThemeIcon color={color} size="sm" radius="xl" aria-hidden>
                {glyph}
              </ThemeIcon>
            )}
            <span>{title}</span>
          </Group>
        )
      }
    >
      <DialogBody entry={entry} onClose={(outcome) => close(entry.id, outcome)} />
    </Modal>
  );
}
