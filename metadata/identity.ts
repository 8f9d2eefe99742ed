/** A permission of the system; ids below 1000 are the system's and cannot be deleted. */
export interface PermissionSeed {
  Id: number;
  Code: string;
  Name: string;
  IsParameterised?: boolean;
}

export const systemPermissionIdLimit = 1000;

export const systemPermissions: PermissionSeed[] = [
  { Id: 1, Code: 'ManageUsers', Name: 'Manage users' },
  { Id: 2, Code: 'AssignUsersToRoles', Name: 'Assign users to roles' },
  { Id: 3, Code: 'ManageRoles', Name: 'Manage roles' },
  { Id: 4, Code: 'ManageDelegatedRoles', Name: 'Manage delegated roles' },
  { Id: 5, Code: 'ViewDelegatedRoles', Name: 'View delegated roles' },
  { Id: 6, Code: 'ManageCompanies', Name: 'Manage all companies' },
  { Id: 7, Code: 'CanViewCompany', Name: 'View own company' },
  { Id: 8, Code: 'ManageGroups', Name: 'Manage groups' },
  { Id: 9, Code: 'ManagePermissions', Name: 'Manage permissions' },
  { Id: 10, Code: 'CanManageFeedbacks', Name: 'Manage feedback' },
  { Id: 11, Code: 'ManageUnits', Name: 'Manage units' },
  { Id: 12, Code: 'ManageMaterials', Name: 'Manage materials' },
  { Id: 13, Code: 'ManageLanguages', Name: 'Manage languages and translations' },
  { Id: 14, Code: 'ManageTemplates', Name: 'Manage e-mail templates' },
  { Id: 15, Code: 'ManageMenu', Name: 'Manage the menu' },
  { Id: 16, Code: 'ManageSettings', Name: 'Manage settings' },
  { Id: 17, Code: 'ViewAuditLog', Name: 'View the audit log' },
  { Id: 18, Code: 'ViewLoginAudit', Name: 'View the login audit' },
  { Id: 19, Code: 'ManageReports', Name: 'Design reports' },
  { Id: 20, Code: 'ViewReports', Name: 'View reports' },
  { Id: 21, Code: 'ManageDataSources', Name: 'Design data tables' },
  { Id: 22, Code: 'ManageGridPages', Name: 'Design grid pages' },
  { Id: 23, Code: 'ManageJobs', Name: 'Manage scheduled jobs' },
  { Id: 24, Code: 'ViewDeliveries', Name: 'View deliveries' },
  { Id: 25, Code: 'AmendDeliveries', Name: 'Amend deliveries' },
  { Id: 26, Code: 'ExportDeliveries', Name: 'Export deliveries' },
  { Id: 27, Code: 'ManageDeliveries', Name: 'Create, import and delete deliveries' },
];

export interface RoleSeed {
  Name: string;
  IsAdmin: boolean;
  /** Permission codes; an admin role holds every permission whatever is listed. */
  Permissions: string[];
}

const staff = ['ViewDeliveries', 'AmendDeliveries', 'ExportDeliveries'];

export const systemRoles: RoleSeed[] = [
  { Name: 'Administrator', IsAdmin: true, Permissions: [] },
  {
    Name: 'Manager',
    IsAdmin: false,
    Permissions: [...staff, 'ViewReports', 'ManageUnits', 'ManageMaterials', 'ViewAuditLog'],
  },
  { Name: 'Staff', IsAdmin: false, Permissions: staff },
  {
    Name: 'Group administrator',
    IsAdmin: false,
    Permissions: [...staff, 'ManageGroups', 'ManageUsers', 'AssignUsersToRoles'],
  },
  {
    Name: 'Company administrator',
    IsAdmin: false,
    Permissions: [...staff, 'CanViewCompany', 'ManageUsers', 'AssignUsersToRoles'],
  },
];

/** Demo role delegations: holders of the first role may give and take away the others. */
export const demoDelegations: Record<string, string[]> = {
  'Group administrator': ['Staff'],
  'Company administrator': ['Staff'],
};

export interface DemoAccount {
  Name: string;
  FirstName: string;
  Surname: string;
  Email: string;
  Roles: string[];
  Description: string;
  Company?: string;
  Groups?: string[];
  /** The units (plants) whose deliveries are theirs (`Mine`); administrators see all anyway. */
  Units?: string[];
}

/** Seeded in demo mode only, all with `demoPassword`. */
export const demoPassword = 'Demo-2026!';
export const demoCompany = 'Demo Surfacing Ltd';
export const demoGroups = ['North crews', 'South crews'];

export const demoAccounts: DemoAccount[] = [
  {
    Name: 'admin',
    FirstName: 'Alex',
    Surname: 'Admin',
    Email: 'admin@demo.asphalt.test',
    Roles: ['Administrator'],
    Description: 'Administrator: every screen and setting',
  },
  {
    Name: 'demo',
    FirstName: 'Dana',
    Surname: 'Demo',
    Email: 'demo@demo.asphalt.test',
    Roles: ['Staff'],
    Description: 'Delivery staff',
    Units: ['MID01', 'WST01'],
  },
  {
    Name: 'manager',
    FirstName: 'Morgan',
    Surname: 'Manager',
    Email: 'manager@demo.asphalt.test',
    Roles: ['Manager'],
    Description: 'Manager: deliveries, units, materials, reports',
    Units: ['NTH01', 'NTH02', 'MID01', 'STH01', 'STH02', 'WST01'],
  },
  {
    Name: 'groupadmin',
    FirstName: 'Gale',
    Surname: 'Groups',
    Email: 'groupadmin@demo.asphalt.test',
    Roles: ['Group administrator'],
    Description: 'Group administrator',
    Groups: ['North crews'],
  },
  {
    Name: 'companyadmin',
    FirstName: 'Casey',
    Surname: 'Company',
    Email: 'companyadmin@demo.asphalt.test',
    Roles: ['Company administrator'],
    Description: 'Company administrator',
    Company: demoCompany,
  },
  {
    Name: 'employee1',
    FirstName: 'Eddie',
    Surname: 'North',
    Email: 'employee1@demo.asphalt.test',
    Roles: ['Staff'],
    Description: 'Employee (North crews)',
    Company: demoCompany,
    Groups: ['North crews'],
    Units: ['NTH01', 'NTH02'],
  },
  {
    Name: 'employee2',
    FirstName: 'Erin',
    Surname: 'South',
    Email: 'employee2@demo.asphalt.test',
    Roles: ['Staff'],
    Description: 'Employee (South crews)',
    Company: demoCompany,
    Groups: ['South crews'],
    Units: ['STH01', 'STH02'],
  },
];
