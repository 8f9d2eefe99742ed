import { changeLogEntity, roleEntity, userEntity } from '#metadata';
import {
  EntityDetailScreen,
  EntityGridScreen,
  type ModuleManifest,
  registerEntityExtension,
} from '#platform/ui';
import { ChangeLogChangesCell } from './change-log-changes-cell';
import { roleEditor } from './role-editor';
import { userEditor } from './user-editor';

registerEntityExtension(changeLogEntity.name, {
  cells: {
    Changes: (value, row) => <ChangeLogChangesCell value={value} note={row.GenericLog} />,
  },
});
registerEntityExtension(userEntity.name, userEditor);
registerEntityExtension(roleEntity.name, roleEditor);

/** The administration screens: every one is a grid page or a row detail drawn by the engine. */
export const adminManifest: ModuleManifest = {
  name: 'admin',
  screens: { entityGrid: EntityGridScreen, entityDetail: EntityDetailScreen },
};
