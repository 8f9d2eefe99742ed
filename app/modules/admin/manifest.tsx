import {
  changeLogEntity,
  dataSourceEntity,
  groupsAndCompaniesSettings,
  roleEntity,
  userEntity,
} from '#metadata';
import { lazy } from 'react';
import type { ModuleManifest } from '#platform/ui';
import { ChangeLogChangesCell } from './change-log-changes-cell';
import { ChangeLogItemCell } from './change-log-item-cell';
import { DataSourceSnapshotToolbar } from './data-source-snapshots/snapshot-toolbar';
import { roleEditor } from './role-editor';
import { userEditor } from './user-editor';

const EntityGridScreen = lazy(() =>
  import('./engine-screens').then((screens) => ({ default: screens.EntityGridScreen })),
);
const EntityDetailScreen = lazy(() =>
  import('./engine-screens').then((screens) => ({ default: screens.EntityDetailScreen })),
);
const DataSourceDesignerScreen = lazy(() =>
  import('./engine-screens').then((screens) => ({ default: screens.DataSourceDesignerScreen })),
);
const GridPageDesignerScreen = lazy(() =>
  import('./engine-screens').then((screens) => ({ default: screens.GridPageDesignerScreen })),
);
const MenuEditorScreen = lazy(() =>
  import('./engine-screens').then((screens) => ({ default: screens.MenuEditorScreen })),
);

/**
 * The administration screens: grid pages and row details drawn by the engine, and the
 * platform's designer of data sources with the export and import of their snapshots.
 */
export const adminManifest: ModuleManifest = {
  name: 'admin',
  screens: {
    entityGrid: EntityGridScreen,
    entityDetail: EntityDetailScreen,
    dataSourceDesigner: DataSourceDesignerScreen,
    gridPageDesigner: GridPageDesignerScreen,
    menuEditor: MenuEditorScreen,
  },
  entityExtensions: {
    [changeLogEntity.name]: {
      cells: {
        Changes: (value, row) => <ChangeLogChangesCell value={value} note={row.GenericLog} />,
        EntityId: (value, row) => <ChangeLogItemCell value={value} entityType={row.EntityType} />,
      },
    },
    [userEntity.name]: userEditor,
    [roleEntity.name]: roleEditor,
    [dataSourceEntity.name]: { toolbar: DataSourceSnapshotToolbar },
  },
  settingsSections: [{ section: groupsAndCompaniesSettings, order: 20 }],
};
