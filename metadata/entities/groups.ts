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

/**
 * Who creates groups: group administrators (ManageGroups alone) manage only the groups they
 * belong to, so creating one takes ManageCompanies or CanViewCompany besides.
 */
const createGroups = 'ManageGroups & ManageCompanies,CanViewCompany';

export const groupEntity = {
  id: 12,
  name: 'Groups',
  entityType: 'Group',
  screens: { list: '/admin/groups', detail: '/admin/groups/:id' },
  api: {
    Get: '/api/groups/GetGroupById/{id}',
    Save: '/api/groups/SaveGroup',
    Delete: 'GET /api/groups/DeleteGroup/{id}',
  },
  schema: {
    type: 'object',
    required: ['Name'],
    properties: {
      Id: idProperty,
      Name: { type: 'string', title: 'ENTITY.GROUP.NAME', minLength: 1, maxLength: 100 },
      /** Set when the group is created: a query group's members come from its query. */
      IsQueryGroup: { type: 'boolean', title: 'ENTITY.GROUP.IS_QUERY_GROUP', default: false },
      UsersNum: { type: 'integer', title: 'ENTITY.USERS_NUM', readOnly: true },
      Users: {
        type: 'array',
        title: 'ENTITY.GROUP.USERS',
        items: checkedItem({ FullName: { type: 'string' } }),
      },
      Version: versionProperty,
    },
  },
  form: {
    'ui:order': ['Name', 'IsQueryGroup', 'Users', '*'],
    'ui:options': { recordName: 'ENTITY.GROUP.RECORD', titleField: 'Name' },
    IsQueryGroup: { 'ui:help': 'ENTITY.GROUP.IS_QUERY_GROUP_HELP' },
    Id: hiddenField,
    Version: hiddenField,
    UsersNum: hiddenField,
    Users: { 'ui:widget': 'checkboxList' },
  },
  permissions: {
    read: 'ManageGroups',
    create: createGroups,
    update: 'ManageGroups',
    delete: 'ManageGroups',
  },
  unique: ['Name'],
  storage: {
    table: 'groups',
    key: 'id',
    versionColumn: 'version',
    fields: {
      Id: 'id',
      Name: 'name',
      IsQueryGroup: 'is_query_group',
      UsersNum: { count: { table: 'user_groups', ownerColumn: 'group_id' } },
      Version: 'version',
    },
    collections: {
      Users: {
        through: { table: 'user_groups', ownerColumn: 'group_id', itemColumn: 'user_id' },
        itemTable: 'users',
        itemKey: 'id',
        columns: { Id: 'id', Name: 'name' },
        checked: true,
      },
    },
  },
  grid: {
    PageTitle: 'ROUTES.GROUPS',
    ListUrl: '/odata/GroupsOData',
    DetailUrl: '/admin/groups/{id}',
    PageSize: 20,
    DefaultSort: [{ Field: 'Name', Desc: false }],
    DefaultFilter: null,
    DefaultFilterTitle: null,
    Columns: [
      column(1, 'Name', 'ENTITY.GROUP.NAME', 'string'),
      flagColumn(2, 'IsQueryGroup', 'ENTITY.GROUP.IS_QUERY_GROUP'),
      {
        Id: 3,
        Field: 'UsersNum',
        Title: 'ENTITY.USERS_NUM',
        Format: null,
        Type: 'integer',
        Order: 3,
      },
    ],
    Actions: [newAction(createGroups)],
    RowActions: [editAction('ManageGroups'), deleteAction('ManageGroups')],
  },
} as const satisfies EntityDefinition;
