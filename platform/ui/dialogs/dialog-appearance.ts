import type { MantineColor } from '@mantine/core';
import type { ModalDialogKind } from './dialog-types';

/** How a dialog kind looks: its default title key, accent colour and icon glyph. */
export interface DialogAppearance {
  titleKey?: string;
  color: MantineColor;
  glyph?: string;
}

export const dialogAppearance: Record<ModalDialogKind, DialogAppearance> = {
  message: { titleKey: 'DIALOG.TITLE.MESSAGE', color: 'gray' },
  error: { titleKey: 'DIALOG.TITLE.ERROR', color: 'red', glyph: '!' },
  info: { titleKey: 'DIALOG.TITLE.INFO', color: 'blue', glyph: 'i' },
  warning: { titleKey: 'DIALOG.TITLE.WARNING', color: 'orange', glyph: '!' },
  helper: { titleKey: 'DIALOG.TITLE.HELPER', color: 'teal', glyph: '?' },
  waiting: { titleKey: 'DIALOG.TITLE.WAITING', color: 'blue' },
  confirmation: { titleKey: 'DIALOG.TITLE.CONFIRMATION', color: 'blue', glyph: '?' },
  custom: { color: 'blue' },
};
