import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

const hourMs = 3_600_000;
/** No provider forecasts further ahead than this: later deliveries have no forecast to age. */
const forecastHorizonMs = 16 * 24 * hourMs;

/**
 * The forecast sites with deliveries still to come whose state no longer says how old their
 * forecast is: judged by the model from a forecast fetched more than `staleAfterHours` ago
 * (the refresh has failed since, or fetched the same hours again, which
 * changes nothing and so recomputes nothing), or marked `staleForecast` while the site's
 * forecast is fresh again. Recomputing their deliveries puts that right (see derive.ts).
 */
export async function sitesWithOutdatedStates(
  db: Kysely<Database>,
  { now, staleAfterHours }: { now: Date; staleAfterHours: number },
): Promise<number[]> {
  const staleBefore = new Date(now.getTime() - staleAfterHours * hourMs);
  const rows = await db
    .selectFrom('deliveries')
    .leftJoin('weatherForecastFetches', 'weatherForecastFetches.siteId', 'deliveries.weatherSiteId')
    .select('deliveries.weatherSiteId')
    .distinct()
    .where('deliveries.startTime0', '>=', now)
    .where('deliveries.startTime0', '<', new Date(now.getTime() + forecastHorizonMs))
    .where('deliveries.weatherSiteId', 'is not', null)
    .where((eb) =>
      eb.or([
        eb.and([
          // Judged by the model (a state M for want of a material or a place stays what it is).
          eb('deliveries.stateModelVersion', 'is not', null),
          eb('deliveries.stateForecastFetchedAt', '<', staleBefore),
        ]),
        eb.and([
          eb('deliveries.stateReasonCode', '=', 'staleForecast'),
          eb('weatherForecastFetches.fetchedAt', '>=', staleBefore),
        ]),
      ]),
    )
    .execute();
  return rows.flatMap((row) => (row.weatherSiteId === null ? [] : [row.weatherSiteId]));
}
