import {
  changeLogEntity,
  dataSourceEntity,
  gridPageEntity,
  groupsAndCompaniesSettings,
  permissionEntity,
  roleEntity,
  userEntity,
} from '#metadata';
import { lazy } from 'react';
import type { ModuleManifest } from '#platform/ui';
import { ChangeLogChangesCell } from './change-log-changes-cell';
import { ChangeLogItemCell } from './change-log-item-cell';
import { ChangeLogTextCell } from './change-log-text-cell';
import { ChangeLogTypeCell } from './change-log-type-cell';
import { DataSourceSnapshotToolbar } from './data-source-snapshots/snapshot-toolbar';
import { permissionEditor } from './permission-editor';
import { roleEditor } from './role-editor';
import { TranslatedTextCell } from './translated-text-cell';
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
        Changes: (value, row) => <ChangeLogChangesCell value={value} row={row} />,
        EntityId: (value, row) => <ChangeLogItemCell value={value} entityType={row.EntityType} />,
        EntityType: (value) => <ChangeLogTypeCell value={value} />,
        UserName: (value) => <ChangeLogTextCell value={value} />,
        ActionTypeText: (value) => <ChangeLogTextCell value={value} />,
      },
    },
    [userEntity.name]: userEditor,
    [roleEntity.name]: roleEditor,
    [permissionEntity.name]: permissionEditor,
    [dataSourceEntity.name]: { toolbar: DataSourceSnapshotToolbar },
    [gridPageEntity.name]: {
      cells: { PageTitle: (value) => <TranslatedTextCell value={value} /> },
    },
  },
  settingsSections: [{ section: groupsAndCompaniesSettings, order: 20 }],
};
