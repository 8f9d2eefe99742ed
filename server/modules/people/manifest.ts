import type { ServerModule } from '../module';
import { companyHooks, groupHooks, permissionHooks, roleHooks, userHooks } from './entity-hooks';
import { usersPage } from './users-page';

/** Users, roles, groups, companies and permissions, and who may manage whom. */
export const peopleModule: ServerModule = {
  name: 'people',
  entityHooks: {
    Users: { ...userHooks, shapePage: usersPage },
    Roles: roleHooks,
    Groups: groupHooks,
    Companies: companyHooks,
    Permissions: permissionHooks,
  },
};
