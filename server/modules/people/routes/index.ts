import type { FastifyInstance } from 'fastify';
import { assignmentRoutes } from './assignments';
import { companyRoutes } from './companies';
import { delegatedRoleRoutes } from './delegated-roles';
import { groupRoutes } from './groups';
import { permissionRoutes } from './permissions';
import { roleRoutes } from './roles';
import { userReadRoutes } from './users-read';
import { userWriteRoutes } from './users-write';

/** Users, roles, groups, companies and permissions: the administration calls for people. */
export async function peopleRoutes(app: FastifyInstance) {
  await app.register(userReadRoutes);
  await app.register(userWriteRoutes);
  await app.register(assignmentRoutes);
  await app.register(roleRoutes);
  await app.register(delegatedRoleRoutes);
  await app.register(groupRoutes);
  await app.register(companyRoutes);
  await app.register(permissionRoutes);
}
