import type { ServerModule } from '../module';
import { companyHooks } from './company-hooks';
import { groupHooks } from './group-hooks';
import { permissionHooks } from './permission-hooks';
import { roleHooks } from './role-hooks';
import { peopleRoutes } from './routes/index';
import { userHooks } from './user-hooks';
import { usersPage } from './users-page';

/** Users, roles, groups, companies and permissions, and who may manage whom. */
export const peopleModule: ServerModule = {
  name: 'people',
  entityHooks: (services) => ({
    Users: { ...userHooks(services), shapePage: usersPage },
    Roles: roleHooks,
    Groups: groupHooks,
    Companies: companyHooks,
    Permissions: permissionHooks,
  }),
  routes: peopleRoutes,
};
