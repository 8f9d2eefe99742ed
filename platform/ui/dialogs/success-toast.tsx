import { Notification } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { platformConstants } from '#metadata';

interface SuccessToastProps {
  id: string;
  text: string;
  title?: string;
}

/** The toast body: the close button appears only once the toast may be dismissed. */
function SuccessToast({ id, text, title }: SuccessToastProps) {
  const { t } = useTranslation();
  const [dismissable, setDismissable] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setDismissable(true), platformConstants.toastDismissableAfterMs);
    return () => clearTimeout(timer);
  }, []);

  return (
    <Notification
      // The container Mantine wraps around it is the live region (role status).
      role="none"
      color="teal"
      title={title ?? t('DIALOG.TITLE.SUCCESS')}
      withCloseButton={dismissable}
      closeButtonProps={{ 'aria-label': t('DIALOG.CLOSE') }}
      onClose={() => notifications.hide(id)}
    >
      {text}
    </Notification>
  );
}

let lastToastId = 0;

/** Shows a success toast; `<Notifications />` (inside `<DialogHost />`) draws it. */
export function showSuccessToast(text: string, title?: string): void {
  lastToastId += 1;
  const id = `success-toast-${lastToastId}`;
  notifications.show({
    id,
    message: text,
    role: 'status',
    autoClose: platformConstants.toastAutoHideMs,
    // Swipe dismissal would bypass the minimum display time; the close button replaces it.
    allowClose: false,
    renderNotification: () => <SuccessToast id={id} text={text} title={title} />,
  });
}
