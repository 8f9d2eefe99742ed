import { useCallback, useMemo } from 'react';
import { type EntityRow, http, type ODataRequest } from '#platform/ui';
import type { MapDelivery } from '../map/map-delivery';
import { deliveriesListUrl } from './deliveries-list-api';
import { homeFilterQuery, type HomeFilters } from './home-filters';

/** The map shows at most this many of the filtered deliveries (a week of a busy region). */
export const mapPointLimit = 5000;
/** The server's largest page. */
const pageLimit = 1000;

const pointFields = [
  'Id',
  'Latitude',
  'Longitude',
  'State',
  'SiteName',
  'MaterialCode',
  'Time',
  'DeliveryDate',
  'StateReason',
  'StateReasonCode',
].join(',');

/**
 * The map's points: every delivery the grid's filters leave (not only its page), with the
 * fields a point shows; `key` changes with the filters.
 */
export function useDeliveryPoints(request: ODataRequest | null, filters: HomeFilters) {
  const $filter = request?.$filter;
  const key = useMemo(() => JSON.stringify([$filter ?? null, filters]), [$filter, filters]);
  const load = useCallback(
    async (signal: AbortSignal) => {
      const points: EntityRow[] = [];
      while (points.length < mapPointLimit) {
        const answer = await http.get<{ value: EntityRow[] }>(deliveriesListUrl, {
          query: {
            $filter,
            $select: pointFields,
            $top: pageLimit,
            $skip: points.length,
            $orderby: 'StartTime0 asc,Id asc',
            $count: 'false',
            ...homeFilterQuery(filters),
          },
          signal,
        });
        points.push(...answer.value);
        if (answer.value.length < pageLimit) break;
      }
      // The list answers every selected field of a delivery: a point's fields.
      return points as unknown as MapDelivery[];
    },
    [$filter, filters],
  );
  return { load, key };
}
