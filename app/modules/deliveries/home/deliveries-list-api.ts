import { deliveryEntity } from '#metadata';
import {
  type DownloadedFile,
  type EntityRow,
  http,
  type ODataRequest,
  type RowPage,
} from '#platform/ui';
import { homeFilterQuery, type HomeFilters } from './home-filters';

/** The home list's call, as the deliveries grid page names it. */
export const deliveriesListUrl = deliveryEntity.grid.ListUrl;

interface DeliveriesPage {
  '@odata.count'?: number;
  value: EntityRow[];
  CountCapped?: boolean;
}

/** One page of the home grid with its filters. */
export async function fetchDeliveries(
  request: ODataRequest,
  filters: HomeFilters,
  signal: AbortSignal,
): Promise<RowPage<EntityRow>> {
  const answer = await http.get<DeliveriesPage>(deliveriesListUrl, {
    query: { ...request, ...homeFilterQuery(filters) },
    signal,
  });
  return { count: answer['@odata.count'] ?? answer.value.length, rows: answer.value };
}

/** A column's values for its filter list, within the grid's other filters. */
export function fetchDeliveryValues(
  field: string,
  search: string,
  scope: { $filter?: string } | undefined,
  filters: HomeFilters,
): Promise<string[]> {
  return http
    .get<unknown[]>(`/api/Deliveries/FilterValues/${encodeURIComponent(field)}`, {
      query: {
        search: search || undefined,
        top: 100,
        $filter: scope?.$filter,
        ...homeFilterQuery(filters),
      },
    })
    .then((values) => values.map((value) => String(value)));
}

/** The deliveries with these ids as the grid shows them, wherever they are (pushed changes). */
export async function fetchDeliveriesById(ids: readonly number[]): Promise<EntityRow[]> {
  if (ids.length === 0) return [];
  const answer = await http.get<DeliveriesPage>(deliveriesListUrl, {
    query: {
      $filter: ids.map((id) => `Id eq ${Math.trunc(id)}`).join(' or '),
      $top: ids.length,
      $count: 'false',
      ShowPast: 'true',
      MineOnly: 'false',
      ActiveUnitsOnly: 'false',
    },
    errorHandling: 'none',
  });
  return answer.value;
}

/**
 * `api/Excel/ExportDeliveries`: MineOnly for non-administrators filtered to Mine (spec), and
 * Actual unless past deliveries are shown. Failures come back to the caller (an info dialog).
 */
export function exportDeliveries(filters: HomeFilters, isAdmin: boolean): Promise<DownloadedFile> {
  return http.post<DownloadedFile>('/api/Excel/ExportDeliveries', {
    body: { MineOnly: !isAdmin && filters.mineOnly, Actual: !filters.showPast },
    responseType: 'file',
    errorHandling: 'none',
  });
}

export type MismatchKind = 'multimatch' | 'nomatch';

const mismatchUrls: Record<MismatchKind, string> = {
  multimatch: '/api/Excel/GetMultimatchFile',
  nomatch: '/api/Excel/GetNomatchFile',
};

/** The deliveries whose material code matches several materials, or none: an .xlsx. */
export function mismatchFile(kind: MismatchKind): Promise<DownloadedFile> {
  return http.post<DownloadedFile>(mismatchUrls[kind], {
    responseType: 'file',
    errorHandling: 'none',
  });
}
