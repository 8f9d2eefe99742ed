import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import {
  assignUsersResultSchema,
  assignUsersToGroupRequestSchema,
  assignUsersToRoleRequestSchema,
  groupEntity,
  roleEntity,
} from '#metadata';
import { AppError } from '../../../errors/app-error';
import { findExistingUserIds } from '../repositories/people-users';
import { readEntity, saveEntity } from '../../../engine/entity-service';
import { assertNoQueryGroupToggled, unknownIdsError } from '../rules/membership-rules';
import { accessById } from '../../../engine/routes/caller';

interface Counted {
  Version: number;
  UsersNum: number;
  IsQueryGroup?: boolean;
}

const checked = (userIds: readonly number[]) => userIds.map((Id) => ({ Id, IsChecked: true }));

/** The engine would refuse them as `Users`; these calls name the field they were given. */
async function assertUsersExist(db: FastifyInstance['db'], userIds: readonly number[]) {
  const found = new Set(await findExistingUserIds(db, userIds));
  const missing = userIds.filter((id) => !found.has(id));
  if (missing.length > 0) throw unknownIdsError('UserIds', 'User', missing);
}

/**
 * `POST api/users/AssignUsersToRole` and `AssignUsersToGroup`: adapters onto the engine, which
 * adds the users to the role's or group's `Users` under its hooks (who may give which role to
 * whom, who may manage whom). Each answers how many of the users were not members before.
 */
export async function assignmentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.post(
    '/api/users/AssignUsersToRole',
    {
      config: { permission: 'ManageRoles,AssignUsersToRoles', audited: true },
      schema: { body: assignUsersToRoleRequestSchema, response: { 200: assignUsersResultSchema } },
    },
    async (request) => {
      const { RoleId, UserIds } = request.body;
      const access = await accessById(request, roleEntity.id);
      const role = await readEntity<Counted>(app.db, access, RoleId);
      if (!role) throw new AppError('NotFound', 'The role does not exist.');
      await assertUsersExist(app.db, UserIds);
      const payload = { Id: RoleId, Version: role.Version, Users: checked(UserIds) };
      const saved = await saveEntity<Counted>(app.db, access, payload);
      return { Assigned: saved.UsersNum - role.UsersNum };
    },
  );

  app.post(
    '/api/users/AssignUsersToGroup',
    {
      config: { permission: 'ManageGroups', audited: true },
      schema: { body: assignUsersToGroupRequestSchema, response: { 200: assignUsersResultSchema } },
    },
    async (request) => {
      const { GroupId, UserIds } = request.body;
      const access = await accessById(request, groupEntity.id);
      const group = await readEntity<Counted>(app.db, access, GroupId);
      if (!group) throw new AppError('NotFound', 'The group does not exist.');
      // The group hooks refuse it too; this call names the field it was given.
      if (group.IsQueryGroup) assertNoQueryGroupToggled(1, 'GroupId');
      await assertUsersExist(app.db, UserIds);
      const payload = { Id: GroupId, Version: group.Version, Users: checked(UserIds) };
      const saved = await saveEntity<Counted>(app.db, access, payload);
      return { Assigned: saved.UsersNum - group.UsersNum };
    },
  );
}
