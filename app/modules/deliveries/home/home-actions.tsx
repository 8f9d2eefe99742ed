import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  type Action,
  dialogs,
  DownloadButton,
  DownloadIcon,
  HttpError,
  saveFile,
} from '#platform/ui';
import { exportDeliveries, mismatchFile, type MismatchKind } from './deliveries-list-api';
import type { HomeFilters } from './home-filters';

/** The surface of the deliveries home's toolbar. */
export const deliveriesHomeSurface = 'deliveries.home';

/** What the home toolbar's actions are given. */
export interface DeliveriesHomeContext {
  filters: HomeFilters;
  isAdmin: boolean;
  canExport: boolean;
  canAmend: boolean;
  selectedCount: number;
  amendSelected(): void;
  refresh(): void;
}

const failureText = (error: unknown, fallback: string) =>
  error instanceof HttpError && error.message ? error.message : fallback;

function ExportButton({ context }: { context: DeliveriesHomeContext }) {
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

function MismatchFiles() {
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

type HomeAction = Action<DeliveriesHomeContext>;
const toolbarAction = { surface: deliveriesHomeSurface, where: 'toolbar' } as const;

/** The home toolbar's actions, in the order they are drawn. */
export const deliveriesHomeActions: readonly HomeAction[] = [
  {
    ...toolbarAction,
    id: 'deliveries.amendSelected',
    label: ({ selectedCount: count }, t) =>
      count > 0
        ? t('DELIVERY.HOME.AMEND_SELECTED_COUNT', { count })
        : t('DELIVERY.HOME.AMEND_SELECTED'),
    predicate: (context) => context.canAmend,
    enabled: (context) => context.selectedCount > 0,
    perform: (context) => context.amendSelected(),
  },
  {
    ...toolbarAction,
    id: 'deliveries.export',
    label: 'DELIVERY.HOME.EXPORT',
    predicate: (context) => context.canExport,
    perform: (context) => exportDeliveries(context.filters, context.isAdmin),
    render: ExportButton,
  },
  {
    ...toolbarAction,
    id: 'deliveries.mismatchFiles',
    label: 'DELIVERY.HOME.MISMATCH_FILES',
    perform: () => undefined,
    render: MismatchFiles,
  },
  {
    ...toolbarAction,
    id: 'deliveries.refresh',
    label: 'DELIVERY.HOME.REFRESH',
    look: { variant: 'subtle' },
    perform: (context) => context.refresh(),
  },
];
