import type { EntityDefinition } from '../engine/definitions';
import {
  checkedItem,
  column,
  deleteAction,
  editAction,
  flagColumn,
  hiddenField,
  idProperty,
  newAction,
  versionProperty,
} from '../engine/parts';

export const roleEntity = {
  id: 11,
  name: 'Roles',
  entityType: 'Role',
  screens: { list: '/admin/roles', detail: '/admin/roles/:id' },
  api: {
    Get: '/api/roles/GetRoleById/{id}',
    Save: '/api/Roles/SaveRole',
    Delete: 'GET /api/roles/DeleteRole/{id}',
  },
  schema: {
    type: 'object',
    required: ['Name'],
    properties: {
      Id: idProperty,
      Name: { type: 'string', title: 'ENTITY.ROLE.NAME', minLength: 1, maxLength: 100 },
      IsAdmin: { type: 'boolean', title: 'ENTITY.ROLE.IS_ADMIN', default: false },
      IsParameterised: { type: 'boolean', title: 'ENTITY.ROLE.IS_PARAMETERISED', default: false },
      UsersNum: { type: 'integer', title: 'ENTITY.USERS_NUM', readOnly: true },
      Permissions: { type: 'array', title: 'ENTITY.ROLE.PERMISSIONS', items: checkedItem() },
      DelegatedRoles: {
        type: 'array',
        title: 'ENTITY.ROLE.DELEGATED_ROLES',
        items: checkedItem({ IsAdmin: { type: 'boolean' } }),
      },
      /**
       * Who holds the role: written only (as `{ Id, IsChecked }` items, by AssignUsersToRole),
       * never answered, and no list selects or filters by it: a reader of roles may not reach
       * every holder.
       */
      Users: { type: 'array', title: 'ENTITY.ROLE.USERS', writeOnly: true, items: checkedItem() },
      Version: versionProperty,
    },
  },
  form: {
    'ui:order': ['Name', 'IsAdmin', 'IsParameterised', 'Permissions', '*'],
    'ui:options': { recordName: 'ENTITY.ROLE.RECORD', titleField: 'Name' },
    IsParameterised: { 'ui:help': 'ENTITY.ROLE.IS_PARAMETERISED_HELP' },
    Id: hiddenField,
    Version: hiddenField,
    UsersNum: hiddenField,
    Users: hiddenField,
    Permissions: { 'ui:widget': 'checkboxList' },
    DelegatedRoles: { 'ui:widget': 'checkboxList' },
  },
  permissions: {
    read: 'ManageRoles,AssignUsersToRoles,ViewDelegatedRoles,ManageDelegatedRoles',
    create: 'ManageRoles',
    // Each part of a role has its own permission, which the role hooks check: its name and
    // permissions ManageRoles, its delegated roles ManageDelegatedRoles, its users ManageRoles
    // or AssignUsersToRoles.
    update: 'ManageRoles,AssignUsersToRoles,ManageDelegatedRoles',
    delete: 'ManageRoles',
  },
  unique: ['Name'],
  storage: {
    table: 'roles',
    key: 'id',
    versionColumn: 'version',
    fields: {
      Id: 'id',
      Name: 'name',
      IsAdmin: 'is_admin',
      IsParameterised: 'is_parameterised',
      UsersNum: { count: { table: 'user_roles', ownerColumn: 'role_id' } },
      Version: 'version',
    },
    collections: {
      Permissions: {
        through: { table: 'role_permissions', ownerColumn: 'role_id', itemColumn: 'permission_id' },
        itemTable: 'permissions',
        itemKey: 'id',
        columns: { Id: 'id', Name: 'name' },
        checked: true,
      },
      DelegatedRoles: {
        through: {
          table: 'role_delegations',
          ownerColumn: 'role_id',
          itemColumn: 'delegated_role_id',
        },
        itemTable: 'roles',
        itemKey: 'id',
        columns: { Id: 'id', Name: 'name', IsAdmin: 'is_admin' },
        checked: true,
      },
      Users: {
        through: { table: 'user_roles', ownerColumn: 'role_id', itemColumn: 'user_id' },
        itemTable: 'users',
        itemKey: 'id',
        columns: { Id: 'id', Name: 'name' },
        checked: true,
      },
    },
  },
  grid: {
    PageTitle: 'ROUTES.ROLES',
    ListUrl: '/odata/RolesOData',
    DetailUrl: '/admin/roles/{id}',
    PageSize: 20,
    DefaultSort: [{ Field: 'Name', Desc: false }],
    DefaultFilter: null,
    DefaultFilterTitle: null,
    Columns: [
      column(1, 'Name', 'ENTITY.ROLE.NAME', 'string'),
      flagColumn(2, 'IsAdmin', 'ENTITY.ROLE.IS_ADMIN'),
      flagColumn(3, 'IsParameterised', 'ENTITY.ROLE.IS_PARAMETERISED'),
      {
        Id: 4,
        Field: 'UsersNum',
        Title: 'ENTITY.USERS_NUM',
        Format: null,
        Type: 'integer',
        Order: 4,
      },
    ],
    Actions: [newAction('ManageRoles')],
    RowActions: [editAction('ManageRoles'), deleteAction('ManageRoles')],
  },
} as const satisfies EntityDefinition;
