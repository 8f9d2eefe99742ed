import { lazy } from 'react';
import type { Action } from '#platform/ui';
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

// The buttons that draw themselves (a download, a menu) load with the home screen, not with
// the application's start.
const loadButtons = () => import('./home-action-buttons');
const ExportButton = lazy(() => loadButtons().then((m) => ({ default: m.ExportButton })));
const MismatchFiles = lazy(() => loadButtons().then((m) => ({ default: m.MismatchFiles })));

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
    perform: async (context) =>
      (await import('./deliveries-list-api')).exportDeliveries(context.filters, context.isAdmin),
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
