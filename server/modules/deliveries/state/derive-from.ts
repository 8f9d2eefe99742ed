import type { DeliveryFacts } from '../../../domain/compaction';
import type { DeliveryMaterial } from '../repositories/delivery-materials';
import { forecastHtml } from '../../weather/index';
import { deliveryForecastOf } from './forecast-hour';
import { type DeliveryLocation, locateDelivery } from './location';
import { bestMaterial } from './material-match';
import type { DeriveSources, SiteForecast } from './sources';
import {
  type Computation,
  type CurvePoint,
  modelledState,
  stateFieldNames,
  type StateFields,
  unjudged,
} from './state-fields';
import { finiteOrNull, instantOrNull, withInstantsAsText } from './values';

type Row = Record<string, unknown>;

export interface DerivedDelivery {
  /**
   * The delivery's computed fields by field name (MaterialId, the location and its source,
   * the forecast site, the forecast fields, State and its reason, inputs, model version...);
   * a save writes them with the posted values.
   */
  computed: Row;
  /** The cooling curve, when asked and when the model ran. */
  curve?: CurvePoint[];
}

const hourMs = 3_600_000;
/** A site asked for this recently is not asked for again by every save. */
const requestAgainMs = hourMs;

/** The forecast fields the grid shows, kept with a past delivery's state. */
const forecastFieldNames = ['WeatherForecastAsHtml', 'WeatherForecastTemperature', 'WindSpeed'];

function locationFields(location: DeliveryLocation | null, sources: DeriveSources) {
  const site = location && sources.nearestSite(location.latitude, location.longitude);
  return {
    site,
    fields: {
      Latitude: location?.latitude ?? null,
      Longitude: location?.longitude ?? null,
      LocationSource: location?.source ?? null,
      WeatherSiteId: site?.id ?? null,
      WeatherSiteDistanceKm: site?.distanceKm ?? null,
    },
  };
}

function forecastFields(forecast: SiteForecast | undefined): Row {
  const hour = forecast?.hour;
  return {
    WeatherForecastAsHtml: hour ? forecastHtml(hour) : null,
    WeatherForecastTemperature: hour?.airTemperature ?? null,
    WindSpeed: hour?.windSpeedKmh ?? null,
  };
}

function factsOf(
  values: Row,
  material: DeliveryMaterial,
  forecast: NonNullable<SiteForecast['hour']>,
  location: DeliveryLocation,
  at: Date,
): DeliveryFacts {
  return {
    thicknessMm: finiteOrNull(values.Thickness) ?? 0,
    outputTemperature: finiteOrNull(values.OutputTemperature) ?? Number.NaN,
    mileage: finiteOrNull(values.Mileage) ?? 0,
    evoThermAllowed: values.EvoThermAllowed === true && material.canAddEvotherm,
    material: {
      mixType: material.mixType,
      stopTemperature: material.stopTemperature,
      minMixTemp: material.minMixTemp,
      maxMixTemp: material.maxMixTemp,
    },
    forecast: deliveryForecastOf(forecast),
    base: { type: 'asphalt', wet: false },
    site: { latitude: location.latitude, longitude: location.longitude },
    dateTime: at,
  };
}

const pick = (row: Row, fields: readonly string[]): Row =>
  Object.fromEntries(fields.map((field) => [field, row[field] ?? null]));

/**
 * Every computed field of a delivery from its values and the row stored before, reading what
 * else it needs from `sources` (see deriveDeliveryFields for the rules).
 */
export async function deriveFrom(
  sources: DeriveSources,
  values: Row,
  existing: Row | undefined,
  withCurve = false,
): Promise<DerivedDelivery> {
  const { now } = sources;
  const material = bestMaterial(values.MaterialCode, sources.materials);
  const location = await locateDelivery(values, existing, sources.locatePostcode);
  const { site, fields: placed } = locationFields(location, sources);
  const at = instantOrNull(values.StartTime0) ?? now;
  const forecast = site ? await sources.forecastAt(site.id, at) : undefined;
  const computation: Computation = { now, fetchedAt: forecast?.hour ? forecast.fetchedAt : null };
  const base = { MaterialId: material?.id ?? null, ...placed, ...forecastFields(forecast) };
  const answer = (state: StateFields, curve?: DerivedDelivery['curve']): DerivedDelivery => ({
    computed: withInstantsAsText({ ...base, ...state }),
    ...(curve ? { curve } : {}),
  });

  if (!location) return answer(unjudged('noLocation', {}, computation));
  const past = at.getTime() < now.getTime();
  if (!forecast?.hour && past && existing) {
    // History keeps the state it was given: old forecast hours are deleted after a week.
    return {
      computed: withInstantsAsText({
        ...base,
        ...pick(existing, forecastFieldNames),
        ...pick(existing, stateFieldNames),
      }),
    };
  }
  if (!material) return answer(unjudged('noMaterial', {}, computation));
  if (!site || !forecast?.hour) {
    // Only a delivery still to come is helped by a fetch: forecasts start at the current hour.
    if (site && forecast && !past && !forecast.fetchedAt && !recentlyAsked(forecast, now)) {
      await sources.requestForecast(site.id);
    }
    return answer(unjudged('noForecast', {}, computation));
  }
  const ageHours = forecast.fetchedAt ? (now.getTime() - forecast.fetchedAt.getTime()) / hourMs : 0;
  if (!past && ageHours > sources.staleAfterHours) {
    return answer(unjudged('staleForecast', { ageHours: Math.round(ageHours) }, computation));
  }
  const facts = factsOf(values, material, forecast.hour, location, at);
  const { fields, curve } = modelledState(facts, sources.settings, computation, withCurve);
  return answer(fields, curve);
}

function recentlyAsked(forecast: SiteForecast, now: Date): boolean {
  const asked = forecast.requestedAt;
  return asked !== null && now.getTime() - asked.getTime() < requestAgainMs;
}
