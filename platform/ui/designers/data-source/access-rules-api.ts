import type { AccessRules, AccessRulesView } from '#metadata';
import { http } from '../../http';

export interface RoleOption {
  Id: number;
  Name: string;
}

const rulesUrl = (id: number) => `/api/dataSources/${id}/accessRules`;

/**
 * The access rules calls: `GET` and `PUT api/dataSources/{id}/accessRules`, both answering the
 * rules with their Version and reader roles (a refused save is left to the panel, which shows
 * each error on what it names), and the roles to choose from.
 */
export const accessRulesApi = {
  load: (id: number) => http.get<AccessRulesView>(rulesUrl(id), { errorHandling: 'none' }),
  save: (id: number, body: AccessRules) =>
    http.put<AccessRulesView>(rulesUrl(id), { body, errorHandling: 'none' }),
  roles: () =>
    http
      .get<{ value: RoleOption[] }>('/odata/RolesOData', {
        query: { $select: 'Id,Name', $orderby: 'Name', $top: 1000 },
        errorHandling: 'none',
      })
      .then((page) => page.value),
};
