import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dialogs, DownloadButton, DownloadIcon, HttpError, saveFile } from '#platform/ui';
import { exportDeliveries, mismatchFile, type MismatchKind } from './deliveries-list-api';
import type { DeliveriesHomeContext } from './home-actions';

const failureText = (error: unknown, fallback: string) =>
  error instanceof HttpError && error.message ? error.message : fallback;

export function ExportButton({ context }: { context: DeliveriesHomeContext }) {
  const { t } = useTranslation();
  return (
    // Spec: an info dialog with the server's text; the button is enabled again.
    <DownloadButton
      download={() => exportDeliveries(context.filters, context.isAdmin)}
      fallbackName="deliveries.xlsx"
      failure={t('DELIVERY.HOME.EXPORT_FAILED')}
      failureDialog="info"
    >
      {t('DELIVERY.HOME.EXPORT')}
    </DownloadButton>
  );
}

export function MismatchFiles() {
  const { t } = useTranslation();
  const download = async (kind: MismatchKind) => {
    try {
      saveFile(await mismatchFile(kind), `${kind}.xlsx`);
    } catch (error) {
      await dialogs.info(failureText(error, t('DELIVERY.HOME.DOWNLOAD_FAILED')));
    }
  };
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" leftSection={<DownloadIcon />}>
          {t('DELIVERY.HOME.MISMATCH_FILES')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void download('multimatch')}>
          {t('DELIVERY.HOME.MULTIMATCH_FILE')}
        </Menu.Item>
        <Menu.Item onClick={() => void download('nomatch')}>
          {t('DELIVERY.HOME.NOMATCH_FILE')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
