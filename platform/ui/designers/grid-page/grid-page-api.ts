import type { DataSourceFields, GridPage, GridPageSave } from '#metadata';
import type { EntityRow } from '../../engine/entity-api';
import { http } from '../../http';
import type { ODataRequest, RowPage } from '../../schema-grid';

/** A grid page as `GET api/grids/{id}?design=true` answers it: as stored, unshaped. */
export type GridPageView = GridPage;

/** A row of `odata/DataSourcesOData`: a data source the page may show. */
export interface DataSourceChoice {
  Id: number;
  Name: string;
  IsVirtual: boolean;
  IsSystem: boolean;
}

export type SourceField = DataSourceFields[number];

/**
 * The grid page designer's calls: `GET api/grids/{id}` (`?design=true`: as stored), `POST` (create) and `PUT api/grids`
 * (edit), `DELETE api/grids/{id}`; the data sources (`odata/DataSourcesOData`), a source's
 * fields (`GET api/dataSources/{id}/fields`) and its rows for the preview
 * (`GET api/dataSources/{id}/data`). Saves, deletes and the preview's rows leave their
 * refusals to the designer, which shows them where they belong.
 */
export const gridPageApi = {
  /** As stored (`design`, for holders of ManageGridPages), or as its screen shows it. */
  load: (id: number, design: boolean) =>
    http.get<GridPageView>(`/api/grids/${id}`, { query: { design: design || undefined } }),
  save: (body: GridPageSave) =>
    (body.Id ? http.put : http.post)<GridPageView>('/api/grids', {
      body,
      errorHandling: 'none',
    }),
  remove: (id: number) =>
    http.delete(`/api/grids/${id}`, { errorHandling: 'none' }).then(() => undefined),
  dataSources: () =>
    http
      .get<{ value: DataSourceChoice[] }>('/odata/DataSourcesOData', {
        query: { $orderby: 'Name', $top: '1000' },
      })
      .then((answer) => answer.value),
  fields: (dataSourceId: number) =>
    http.get<DataSourceFields>(`/api/dataSources/${dataSourceId}/fields`),
  rows: async (
    listUrl: string,
    request: ODataRequest,
    signal: AbortSignal,
  ): Promise<RowPage<EntityRow>> => {
    const answer = await http.get<{ '@odata.count'?: number; value: EntityRow[] }>(listUrl, {
      query: { ...request },
      signal,
      errorHandling: 'none',
    });
    return { count: answer['@odata.count'] ?? answer.value.length, rows: answer.value };
  },
};

/** Where the preview reads a data source's rows (OData options, as a page's list). */
export const previewListUrl = (dataSourceId: number) => `/api/dataSources/${dataSourceId}/data`;
