import type { EntityDefinition } from '../engine/definitions';
import { optionalEmailSchema } from '../people/common';
import { companyContactTypes } from '../people/companies';

/** A checked item of a user's, role's or group's checkbox list. */
const checkedItem = (extra: Record<string, unknown> = {}) =>
  ({
    type: 'object',
    required: ['Id', 'Name', 'IsChecked'],
    properties: {
      Id: { type: 'integer' },
      Name: { type: 'string' },
      IsChecked: { type: 'boolean' },
      ...extra,
    },
  }) as const;

const id = { type: 'integer', title: 'ENTITY.ID', readOnly: true } as const;
const version = { type: 'integer', readOnly: true } as const;
const hidden = { 'ui:widget': 'hidden' } as const;

const editAction = (permission: string) =>
  ({
    Id: 1,
    Title: 'GRID.ACTION.EDIT',
    Type: 'Edit',
    UrlToRedirect: null,
    Order: 1,
    Permission: permission,
  }) as const;
const deleteAction = (permission: string) =>
  ({
    Id: 2,
    Title: 'GRID.ACTION.DELETE',
    Type: 'Delete',
    UrlToRedirect: null,
    Order: 2,
    Permission: permission,
  }) as const;
const newAction = (permission: string) =>
  ({
    Id: 1,
    Title: 'GRID.ACTION.NEW',
    Type: 'New',
    UrlToRedirect: null,
    Order: 1,
    Permission: permission,
  }) as const;

export const userEntity = {
  id: 10,
  name: 'Users',
  entityType: 'User',
  screens: { list: '/admin/users', detail: '/admin/users/:id' },
  api: {
    Get: '/api/users/GetUserById/{id}',
    Save: '/api/users/SaveUser',
    Delete: 'GET /api/users/DeleteUser/{id}',
  },
  schema: {
    type: 'object',
    required: ['Name', 'Active'],
    properties: {
      Id: id,
      Name: { type: 'string', title: 'ENTITY.USER.NAME', minLength: 1, maxLength: 256 },
      /**
       * Write-only: never read, required of a new user (the Users extension says so), empty
       * keeps the current one; the browser posts its SHA-512 digest.
       */
      Password: {
        type: 'string',
        title: 'ENTITY.USER.PASSWORD',
        writeOnly: true,
        minLength: 6,
        maxLength: 200,
      },
      FirstName: { type: 'string', title: 'ENTITY.USER.FIRST_NAME', maxLength: 100 },
      Surname: { type: 'string', title: 'ENTITY.USER.SURNAME', maxLength: 100 },
      FullName: { type: 'string', title: 'ENTITY.USER.FULL_NAME', readOnly: true },
      Email: { type: 'string', title: 'ENTITY.USER.EMAIL', maxLength: 256 },
      Active: { type: 'boolean', title: 'ENTITY.ACTIVE', default: true },
      Language: { type: ['string', 'null'], title: 'ENTITY.USER.LANGUAGE', maxLength: 20 },
      CompanyName: { type: ['string', 'null'], title: 'ENTITY.USER.COMPANY', readOnly: true },
      Roles: {
        type: 'array',
        title: 'ENTITY.USER.ROLES',
        items: checkedItem({ IsAdmin: { type: 'boolean' } }),
      },
      Groups: {
        type: 'array',
        title: 'ENTITY.USER.GROUPS',
        items: checkedItem({ IsQueryGroup: { type: 'boolean' } }),
      },
      Units: { type: 'array', title: 'ENTITY.USER.UNITS', items: checkedItem() },
      Version: version,
    },
  },
  form: {
    'ui:order': [
      'Name',
      'Password',
      'FirstName',
      'Surname',
      'Email',
      'Language',
      'Active',
      'Roles',
      'Groups',
      'Units',
      '*',
    ],
    Id: hidden,
    Version: hidden,
    FullName: hidden,
    CompanyName: hidden,
    Name: { 'ui:options': { unique: true } },
    Password: { 'ui:widget': 'password', 'ui:options': { autoComplete: 'new-password' } },
    Roles: { 'ui:widget': 'checkboxList' },
    Groups: {
      'ui:widget': 'checkboxList',
      'ui:options': { disabledWhen: 'IsQueryGroup', disabledReason: 'PAGES.USERS.QUERY_GROUP' },
    },
    Units: { 'ui:widget': 'checkboxList' },
  },
  permissions: {
    read: 'ManageUsers',
    create: 'ManageUsers',
    update: 'ManageUsers',
    delete: 'ManageUsers',
  },
  unique: ['Name'],
  storage: {
    table: 'users',
    key: 'id',
    versionColumn: 'version',
    fields: {
      Id: 'id',
      Name: 'name',
      FirstName: 'first_name',
      Surname: 'surname',
      FullName: { concat: ['first_name', 'surname'], separator: ' ' },
      Email: 'email',
      Active: 'active',
      Language: 'language_id',
      CompanyName: {
        lookup: { table: 'companies', key: 'id', column: 'company_name', foreignKey: 'company_id' },
      },
      Version: 'version',
    },
    collections: {
      Roles: {
        through: { table: 'user_roles', ownerColumn: 'user_id', itemColumn: 'role_id' },
        itemTable: 'roles',
        itemKey: 'id',
        columns: { Id: 'id', Name: 'name', IsAdmin: 'is_admin' },
      },
      Groups: {
        through: { table: 'user_groups', ownerColumn: 'user_id', itemColumn: 'group_id' },
        itemTable: 'groups',
        itemKey: 'id',
        columns: { Id: 'id', Name: 'name', IsQueryGroup: 'is_query_group' },
      },
      Units: {
        through: { table: 'user_units', ownerColumn: 'user_id', itemColumn: 'unit_id' },
        itemTable: 'units',
        itemKey: 'id',
        columns: { Id: 'id', Name: 'name' },
      },
    },
  },
  grid: {
    PageTitle: 'ROUTES.USERS',
    ListUrl: '/odata/UsersOData',
    DetailUrl: '/admin/users/{id}',
    PageSize: 20,
    DefaultSort: [{ Field: 'Name', Desc: false }],
    DefaultFilter: 'Active eq true',
    DefaultFilterTitle: 'GRID.ACTIVE_ONLY',
    Columns: [
      { Id: 1, Field: 'Name', Title: 'ENTITY.USER.NAME', Format: null, Type: 'string', Order: 1 },
      {
        Id: 2,
        Field: 'FullName',
        Title: 'ENTITY.USER.FULL_NAME',
        Format: null,
        Type: 'string',
        Order: 2,
      },
      { Id: 3, Field: 'Email', Title: 'ENTITY.USER.EMAIL', Format: null, Type: 'string', Order: 3 },
      {
        Id: 4,
        Field: 'Roles',
        Title: 'ENTITY.USER.ROLES',
        Format: null,
        Type: 'list',
        Order: 4,
        Sortable: false,
      },
      {
        Id: 5,
        Field: 'Groups',
        Title: 'ENTITY.USER.GROUPS',
        Format: null,
        Type: 'list',
        Order: 5,
        Sortable: false,
      },
      {
        Id: 6,
        Field: 'CompanyName',
        Title: 'ENTITY.USER.COMPANY',
        Format: null,
        Type: 'string',
        Order: 6,
      },
      {
        Id: 7,
        Field: 'Active',
        Title: 'ENTITY.ACTIVE',
        Format: 'yesno',
        Type: 'boolean',
        Order: 7,
      },
    ],
    Actions: [newAction('ManageUsers')],
    RowActions: [editAction('ManageUsers'), deleteAction('ManageUsers')],
  },
} as const satisfies EntityDefinition;

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
      Id: id,
      Name: { type: 'string', title: 'ENTITY.ROLE.NAME', minLength: 1, maxLength: 100 },
      IsAdmin: { type: 'boolean', title: 'ENTITY.ROLE.IS_ADMIN', default: false },
      IsParameterised: { type: 'boolean', title: 'ENTITY.ROLE.IS_PARAMETERISED', default: false },
      UsersNum: { type: 'integer', title: 'ENTITY.USERS_NUM', readOnly: true },
      Permissions: { type: 'array', title: 'ENTITY.ROLE.PERMISSIONS', items: checkedItem() },
      Version: version,
    },
  },
  form: {
    'ui:order': ['Name', 'IsAdmin', 'IsParameterised', 'Permissions', '*'],
    Id: hidden,
    Version: hidden,
    UsersNum: hidden,
    Permissions: { 'ui:widget': 'checkboxList' },
  },
  permissions: {
    read: 'ManageRoles,AssignUsersToRoles,ViewDelegatedRoles',
    create: 'ManageRoles',
    update: 'ManageRoles',
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
      Version: 'version',
    },
    collections: {
      Permissions: {
        through: { table: 'role_permissions', ownerColumn: 'role_id', itemColumn: 'permission_id' },
        itemTable: 'permissions',
        itemKey: 'id',
        columns: { Id: 'id', Name: 'name' },
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
      { Id: 1, Field: 'Name', Title: 'ENTITY.ROLE.NAME', Format: null, Type: 'string', Order: 1 },
      {
        Id: 2,
        Field: 'IsAdmin',
        Title: 'ENTITY.ROLE.IS_ADMIN',
        Format: 'yesno',
        Type: 'boolean',
        Order: 2,
      },
      {
        Id: 3,
        Field: 'IsParameterised',
        Title: 'ENTITY.ROLE.IS_PARAMETERISED',
        Format: 'yesno',
        Type: 'boolean',
        Order: 3,
      },
      {
        Id: 4,
        Field: 'UsersNum',
        Title: 'ENTITY.USERS_NUM',
        Format: null,
        Type: 'integer',
        Order: 4,
        Sortable: false,
        Filterable: false,
      },
    ],
    Actions: [newAction('ManageRoles')],
    RowActions: [editAction('ManageRoles'), deleteAction('ManageRoles')],
  },
} as const satisfies EntityDefinition;

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
      Id: id,
      Name: { type: 'string', title: 'ENTITY.GROUP.NAME', minLength: 1, maxLength: 100 },
      IsQueryGroup: { type: 'boolean', title: 'ENTITY.GROUP.IS_QUERY_GROUP', readOnly: true },
      UsersNum: { type: 'integer', title: 'ENTITY.USERS_NUM', readOnly: true },
      Users: {
        type: 'array',
        title: 'ENTITY.GROUP.USERS',
        items: checkedItem({ FullName: { type: 'string' } }),
      },
      Version: version,
    },
  },
  form: {
    'ui:order': ['Name', 'IsQueryGroup', 'Users', '*'],
    Id: hidden,
    Version: hidden,
    UsersNum: hidden,
    Users: { 'ui:widget': 'checkboxList' },
  },
  permissions: {
    read: 'ManageGroups',
    create: 'ManageGroups',
    update: 'ManageGroups',
    delete: 'ManageGroups',
  },
  unique: ['Name'],
  storage: {
    table: 'groups',
    key: 'id',
    versionColumn: 'version',
    fields: { Id: 'id', Name: 'name', IsQueryGroup: 'is_query_group', Version: 'version' },
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
      { Id: 1, Field: 'Name', Title: 'ENTITY.GROUP.NAME', Format: null, Type: 'string', Order: 1 },
      {
        Id: 2,
        Field: 'IsQueryGroup',
        Title: 'ENTITY.GROUP.IS_QUERY_GROUP',
        Format: 'yesno',
        Type: 'boolean',
        Order: 2,
      },
      {
        Id: 3,
        Field: 'UsersNum',
        Title: 'ENTITY.USERS_NUM',
        Format: null,
        Type: 'integer',
        Order: 3,
        Sortable: false,
        Filterable: false,
      },
    ],
    Actions: [newAction('ManageGroups')],
    RowActions: [editAction('ManageGroups'), deleteAction('ManageGroups')],
  },
} as const satisfies EntityDefinition;

export const permissionEntity = {
  id: 13,
  name: 'Permissions',
  entityType: 'Permission',
  screens: { list: '/admin/permissions', detail: '/admin/permissions/:id' },
  api: {
    Get: '/api/permissions/GetPermissionById/{id}',
    Save: '/api/permissions/SavePermission',
    Delete: 'GET /api/permissions/DeletePermission/{id}',
  },
  schema: {
    type: 'object',
    required: ['Code', 'Name'],
    properties: {
      Id: id,
      Code: {
        type: 'string',
        title: 'ENTITY.PERMISSION.CODE',
        minLength: 1,
        maxLength: 100,
        pattern: '^[A-Za-z][A-Za-z0-9_.-]*$',
      },
      Name: { type: 'string', title: 'ENTITY.PERMISSION.NAME', minLength: 1, maxLength: 200 },
      IsParameterised: {
        type: 'boolean',
        title: 'ENTITY.PERMISSION.IS_PARAMETERISED',
        default: false,
      },
      IsSystem: { type: 'boolean', title: 'ENTITY.PERMISSION.IS_SYSTEM', readOnly: true },
      Version: version,
    },
  },
  form: {
    'ui:order': ['Code', 'Name', 'IsParameterised', '*'],
    Id: hidden,
    Version: hidden,
    IsSystem: hidden,
    Code: { 'ui:options': { unique: true } },
  },
  permissions: {
    read: 'ManagePermissions',
    create: 'ManagePermissions',
    update: 'ManagePermissions',
    delete: 'ManagePermissions',
  },
  unique: ['Code'],
  storage: {
    table: 'permissions',
    key: 'id',
    versionColumn: 'version',
    fields: {
      Id: 'id',
      Code: 'code',
      Name: 'name',
      IsParameterised: 'is_parameterised',
      Version: 'version',
    },
  },
  grid: {
    PageTitle: 'ROUTES.PERMISSIONS',
    ListUrl: '/odata/PermissionsOData',
    DetailUrl: '/admin/permissions/{id}',
    PageSize: 20,
    DefaultSort: [{ Field: 'Code', Desc: false }],
    DefaultFilter: null,
    DefaultFilterTitle: null,
    Columns: [
      { Id: 1, Field: 'Id', Title: 'ENTITY.ID', Format: null, Type: 'integer', Order: 1 },
      {
        Id: 2,
        Field: 'Code',
        Title: 'ENTITY.PERMISSION.CODE',
        Format: null,
        Type: 'string',
        Order: 2,
      },
      {
        Id: 3,
        Field: 'Name',
        Title: 'ENTITY.PERMISSION.NAME',
        Format: null,
        Type: 'string',
        Order: 3,
      },
      {
        Id: 4,
        Field: 'IsParameterised',
        Title: 'ENTITY.PERMISSION.IS_PARAMETERISED',
        Format: 'yesno',
        Type: 'boolean',
        Order: 4,
      },
    ],
    Actions: [newAction('ManagePermissions')],
    RowActions: [editAction('ManagePermissions'), deleteAction('ManagePermissions')],
  },
} as const satisfies EntityDefinition;

export const companyEntity = {
  id: 14,
  name: 'Companies',
  entityType: 'Company',
  screens: { list: '/admin/companies', detail: '/admin/companies/:id' },
  api: {
    Get: '/api/companies/GetCompanyById/{id}',
    Save: '/api/companies/SaveCompany',
    Delete: 'GET /api/companies/DeleteCompany/{id}',
  },
  schema: {
    type: 'object',
    required: ['CompanyName'],
    properties: {
      Id: id,
      CompanyName: { type: 'string', title: 'ENTITY.COMPANY.NAME', minLength: 1, maxLength: 200 },
      IsParameterised: {
        type: 'boolean',
        title: 'ENTITY.COMPANY.IS_PARAMETERISED',
        default: false,
      },
      UsersNum: { type: 'integer', title: 'ENTITY.USERS_NUM', readOnly: true },
      Contacts: {
        type: 'array',
        title: 'ENTITY.COMPANY.CONTACTS',
        maxItems: 100,
        items: {
          type: 'object',
          required: ['TypeId', 'Name'],
          properties: {
            Id: { type: 'integer' },
            TypeId: {
              type: 'integer',
              title: 'ENTITY.COMPANY.CONTACT.TYPE',
              default: companyContactTypes[0].Id,
              oneOf: companyContactTypes.map((type) => ({ const: type.Id, title: type.Name })),
            },
            Name: {
              type: 'string',
              title: 'ENTITY.COMPANY.CONTACT.NAME',
              minLength: 1,
              maxLength: 200,
              pattern: '\\S',
            },
            Email: { ...optionalEmailSchema, title: 'ENTITY.COMPANY.CONTACT.EMAIL' },
            Phone: {
              type: 'string',
              title: 'ENTITY.COMPANY.CONTACT.PHONE',
              maxLength: 50,
              pattern: '^[0-9+() .-]*$',
            },
          },
        },
      },
      Version: version,
    },
  },
  form: {
    'ui:order': ['CompanyName', 'IsParameterised', 'Contacts', '*'],
    Id: hidden,
    Version: hidden,
    UsersNum: hidden,
    CompanyName: { 'ui:options': { unique: true } },
    Contacts: {
      items: {
        'ui:order': ['TypeId', 'Name', 'Email', 'Phone', '*'],
        Id: hidden,
        Name: { 'ui:options': { patternMessage: 'FORM.ERROR.REQUIRED' } },
        Email: { 'ui:options': { patternMessage: 'FORM.ERROR.EMAIL' } },
        Phone: { 'ui:options': { patternMessage: 'ENTITY.COMPANY.CONTACT.PHONE_PATTERN' } },
      },
    },
  },
  permissions: {
    read: 'ManageCompanies,CanViewCompany',
    create: 'ManageCompanies',
    update: 'ManageCompanies,CanViewCompany',
    delete: 'ManageCompanies',
  },
  unique: ['CompanyName'],
  storage: {
    table: 'companies',
    key: 'id',
    versionColumn: 'version',
    fields: {
      Id: 'id',
      CompanyName: 'company_name',
      IsParameterised: 'is_parameterised',
      Version: 'version',
    },
  },
  grid: {
    PageTitle: 'ROUTES.COMPANIES',
    ListUrl: '/odata/CompaniesOData',
    DetailUrl: '/admin/companies/{id}',
    PageSize: 20,
    DefaultSort: [{ Field: 'CompanyName', Desc: false }],
    DefaultFilter: null,
    DefaultFilterTitle: null,
    Columns: [
      {
        Id: 1,
        Field: 'CompanyName',
        Title: 'ENTITY.COMPANY.NAME',
        Format: null,
        Type: 'string',
        Order: 1,
      },
      {
        Id: 2,
        Field: 'UsersNum',
        Title: 'ENTITY.USERS_NUM',
        Format: null,
        Type: 'integer',
        Order: 2,
        Sortable: false,
        Filterable: false,
      },
    ],
    Actions: [newAction('ManageCompanies')],
    RowActions: [editAction('ManageCompanies,CanViewCompany'), deleteAction('ManageCompanies')],
  },
} as const satisfies EntityDefinition;
