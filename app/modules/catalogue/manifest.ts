import { lazy } from 'react';
import { materialEntity, unitsSyncSettings } from '#metadata';
import type { ModuleManifest } from '#platform/ui';
import { MaterialSheetsToolbar } from './material-sheets/material-sheets-toolbar';

const SyncUnitsPage = lazy(() =>
  import('./unit-sync/sync-units-page').then((page) => ({ default: page.SyncUnitsPage })),
);

/** Units and materials: the sync of units (`/admin/syncunits`) and the materials workbook. */
export const catalogueManifest: ModuleManifest = {
  name: 'catalogue',
  screens: { syncunits: SyncUnitsPage },
  entityExtensions: { [materialEntity.name]: { toolbar: MaterialSheetsToolbar } },
  settingsSections: [{ section: unitsSyncSettings, order: 100 }],
};
