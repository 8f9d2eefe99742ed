import type { EntityDefinition } from '../engine/definitions';
import { changeLogEntity } from './change-logs';
import { dataSourceEntity, gridPageEntity } from './designs';
import { materialEntity } from './materials';
import { companyEntity, groupEntity, permissionEntity, roleEntity, userEntity } from './people';
import { unitEntity } from './units';

export * from './change-logs';
export * from './designs';
export * from './materials';
export * from './people';
export * from './units';

/** Every built-in entity, loaded into the data source and grid page tables at start-up. */
export const builtInEntities: readonly EntityDefinition[] = [
  unitEntity,
  materialEntity,
  changeLogEntity,
  userEntity,
  roleEntity,
  groupEntity,
  permissionEntity,
  companyEntity,
  gridPageEntity,
  dataSourceEntity,
];

/**
 * The data source a unique check means when the caller names only the field, as the spec's
 * client does (`POST api/check/IsUnique{field}` with field and val).
 */
export const uniqueCheckDefaults: Readonly<Record<string, string>> = {
  Name: userEntity.name,
  Email: userEntity.name,
  Code: materialEntity.name,
};
