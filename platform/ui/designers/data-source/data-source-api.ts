import type { DataSourceSave, DataSourceView } from '#metadata';
import { http } from '../../http';

/**
 * The data source calls: `GET api/dataSources/{id}` (0 answers a blank new one), `POST`
 * (create) and `PUT api/dataSources` (edit), `DELETE api/dataSources/{id}`. Saves and deletes
 * leave their refusals to the designer, which shows them where they belong.
 */
export const dataSourceApi = {
  load: (id: string | number) =>
    http.get<DataSourceView>(`/api/dataSources/${encodeURIComponent(id)}`),
  save: (body: DataSourceSave) =>
    (body.Id ? http.put : http.post)<DataSourceView>('/api/dataSources', {
      body,
      errorHandling: 'none',
    }),
  remove: (id: number) =>
    http.delete(`/api/dataSources/${id}`, { errorHandling: 'none' }).then(() => undefined),
};
