import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dialogAppearance } from './dialog-appearance';
import type { DialogEntry, DialogOutcome } from './dialog-types';

interface DialogBodyProps {
  entry: DialogEntry;
  onClose: (outcome: DialogOutcome) => void;
}

/** The content of one modal dialog, by kind: text and buttons, a loader, or custom content. */
export function DialogBody({ entry, onClose }: DialogBodyProps) {
  const { t } = useTranslation();
  const { kind, text, options } = entry;
  const { color } = dialogAppearance[kind];

  if (kind === 'custom') return entry.render?.(() => onClose('ok'));

  if (kind === 'waiting') {
    return (
      <Group gap="md" wrap="nowrap">
        <Loader size="sm" aria-hidden />
        <Text>{text ?? t('DIALOG.WAITING')}</Text>
      </Group>
    );
  }

  const okLabel = options.okLabel ?? t('DIALOG.OK');
  return (
    <Stack gap="lg">
      <Text style={{ whiteSpace: 'pre-line' }}>{text}</Text>
      <Group justify="flex-end" gap="sm">
        {kind === 'confirmation' && (
          <Button variant="default" onClick={() => onClose('dismiss')}>
            {options.cancelLabel ?? t('DIALOG.CANCEL')}
          </Button>
        )}
        <Button
          color={color === 'gray' ? undefined : color}
          onClick={() => onClose('ok')}
          data-autofocus
        >
          {okLabel}
        </Button>
      </Group>
    </Stack>
  );
}
