import { lazy } from 'react';
import { deliveryEntity } from '#metadata';
import type { ModuleManifest } from '#platform/ui';
import { deliveriesHomeActions } from './home/home-actions';
import { deliveryCells } from './home/delivery-cells';

const loadHome = () => import('./home/deliveries-home');
// The home grid is the first screen of most visits: its code loads beside the start-up calls
// instead of after them.
if (typeof window !== 'undefined' && window.location.pathname === '/') void loadHome();

const HomeScreen = lazy(() => loadHome().then((home) => ({ default: home.HomeScreen })));
const DeliveryPage = lazy(() =>
  import('./detail/delivery-page').then((page) => ({ default: page.DeliveryPage })),
);

/** The deliveries: the home grid staff live in, and one delivery with its cooling curve. */
export const deliveriesManifest: ModuleManifest = {
  name: 'deliveries',
  screens: { home: HomeScreen, deliveryDetail: DeliveryPage },
  actions: deliveriesHomeActions,
  entityExtensions: { [deliveryEntity.name]: { cells: deliveryCells } },
};
