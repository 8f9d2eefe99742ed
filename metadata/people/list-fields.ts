/**
 * Fields the `odata/*` lists of people may be sorted by. The server maps each to columns and
 * refuses any other name before building SQL.
 */
export const peopleSortFields = {
  users: [
    'Id',
    'Name',
    'FirstName',
    'Surname',
    'FullName',
    'Email',
    'Active',
    'Language',
    'Company',
  ],
  roles: ['Id', 'Name', 'IsAdmin', 'IsParameterised'],
  groups: ['Id', 'Name', 'IsQueryGroup'],
  companies: ['Id', 'CompanyName', 'IsParameterised'],
  permissions: ['Id', 'Code', 'Name', 'IsParameterised'],
} as const;

export type PeopleList = keyof typeof peopleSortFields;
export type SortField<List extends PeopleList> = (typeof peopleSortFields)[List][number];
