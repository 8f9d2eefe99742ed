export * from './people/common';
export * from './people/companies';
export * from './people/groups';
export * from './people/permissions';
export * from './people/roles';
export * from './people/users';
