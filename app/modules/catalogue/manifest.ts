import { lazy } from 'react';
import { materialEntity } from '#metadata';
import { type ModuleManifest, registerEntityExtension } from '#platform/ui';
import { MaterialSheetsToolbar } from './material-sheets/material-sheets-toolbar';

registerEntityExtension(materialEntity.name, { toolbar: MaterialSheetsToolbar });

const SyncUnitsPage = lazy(() =>
  import('./unit-sync/sync-units-page').then((page) => ({ default: page.SyncUnitsPage })),
);

/** Units and materials: the sync of units (`/admin/syncunits`) and the materials workbook. */
export const catalogueManifest: ModuleManifest = {
  name: 'catalogue',
  screens: { syncunits: SyncUnitsPage },
};
