import type { EntityDefinition } from '../engine/definitions';
import { changeLogEntity } from './change-logs';
import { dataSourceEntity, gridPageEntity } from './designs';
import { materialEntity } from './materials';
import { companyEntity } from './companies';
import { groupEntity } from './groups';
import { permissionEntity } from './permissions';
import { roleEntity } from './roles';
import { userEntity } from './users';
import { unitEntity } from './units';
import { deliveryEntity } from './deliveries';
import { templateEntity } from './templates';
import { loginAuditEntity } from './login-audit';
import { languageEntity } from './languages';
import { jobRunEntity } from './job-runs';

export * from './change-logs';
export * from './designs';
export * from './materials';
export * from './companies';
export * from './groups';
export * from './permissions';
export * from './roles';
export * from './users';
export * from './units';
export * from './deliveries';
export * from './templates';
export * from './login-audit';
export * from './languages';
export * from './job-runs';

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
  deliveryEntity,
  templateEntity,
  languageEntity,
  loginAuditEntity,
  jobRunEntity,
];
