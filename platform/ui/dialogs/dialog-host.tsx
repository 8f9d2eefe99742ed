import { Notifications, type NotificationsProps } from '@mantine/notifications';
import { useDialogStore } from './dialog-store';
import { DialogModal } from './dialog-modal';

export interface DialogHostProps {
  /** Passed to Mantine's `<Notifications />`, e.g. `position` or `transitionDuration`. */
  notificationsProps?: Partial<NotificationsProps>;
}

/**
 * Draws the open dialogs and the toasts. Mount once, inside the Mantine and i18next
 * providers; the `dialogs` API then works from anywhere.
 *
 * @example
 * <MantineProvider><I18nextProvider i18n={i18n}><DialogHost /><App /></I18nextProvider></MantineProvider>
 */
export function DialogHost({ notificationsProps }: DialogHostProps) {
  const entries = useDialogStore((state) => state.entries);
  return (
    <>
      {entries.map((entry, depth) => (
        <DialogModal
          key={entry.id}
          entry={entry}
          depth={depth}
          isTop={depth === entries.length - 1}
        />
      ))}
      <Notifications position="top-right" {...notificationsProps} />
    </>
  );
}
