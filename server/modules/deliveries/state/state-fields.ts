import {
  coolingInput,
  deliveryState,
  reasonText,
  simulateCooling,
  type CompactionSettings,
  type DeliveryFacts,
  type DeliveryInputs,
  type DeliveryState,
  type ReasonCode,
  type ReasonParams,
} from '../../../domain/compaction';
import type { DeliveryStateInputs } from '#metadata';
import { tenths } from './values';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<Check extends true> = Check;
/** Compiles only while the model's inputs and the shape the browser reads of them agree. */
export type StateInputsMatchMetadata = Holds<Same<DeliveryInputs, DeliveryStateInputs>>;

/** A point of the hot mix's cooling curve, as SetNewState answers it. */
export interface CurvePoint {
  Minute: number;
  MeanTemperature: number;
  SurfaceTemperature: number;
}

/** The stored fields that say what state a delivery is in, and why. */
export interface StateFields {
  State: string;
  AvailableTimeForCompaction: number | null;
  StateReason: string;
  StateReasonCode: string;
  StateReasonParams: ReasonParams | null;
  StateNeededMinutes: number | null;
  StateModelVersion: string | null;
  StateInputs: DeliveryStateInputs | null;
  StateComputedAt: string;
  StateForecastFetchedAt: string | null;
}

/** The state fields by name, as a stored row or a computed one holds them. */
export const stateFieldNames: readonly (keyof StateFields)[] = [
  'State',
  'AvailableTimeForCompaction',
  'StateReason',
  'StateReasonCode',
  'StateReasonParams',
  'StateNeededMinutes',
  'StateModelVersion',
  'StateInputs',
  'StateComputedAt',
  'StateForecastFetchedAt',
];

export interface Computation {
  now: Date;
  /** When the forecast used was fetched; null when there was none. */
  fetchedAt: Date | null;
}

/** State M for a delivery the model cannot judge before it runs (no location, no material...). */
export function unjudged(
  code: Extract<ReasonCode, 'noLocation' | 'noMaterial' | 'noForecast' | 'staleForecast'>,
  params: ReasonParams,
  { now, fetchedAt }: Computation,
): StateFields {
  return {
    State: 'M',
    AvailableTimeForCompaction: null,
    StateReason: reasonText(code, params),
    StateReasonCode: code,
    StateReasonParams: params,
    StateNeededMinutes: null,
    StateModelVersion: null,
    StateInputs: null,
    StateComputedAt: now.toISOString(),
    StateForecastFetchedAt: fetchedAt?.toISOString() ?? null,
  };
}

/** The hot mix's cooling, minute by minute, for the inputs the state was computed from. */
function coolingCurve(result: DeliveryState, settings: CompactionSettings): CurvePoint[] {
  const { inputs } = result;
  const input = coolingInput(inputs, inputs.forecast!, new Date(inputs.dateTime));
  const cooled = simulateCooling(
    { ...input, stopTemperature: inputs.stopTemperature, withCurve: true },
    settings,
  );
  return (cooled.curve ?? []).map((point) => ({
    Minute: point.minute,
    MeanTemperature: tenths(point.meanTemperature),
    SurfaceTemperature: tenths(point.surfaceTemperature),
  }));
}

/**
 * The state the compaction model gives (`deliveryState`), as stored fields; with the hot
 * mix's cooling curve when asked and the model ran (a hard stop or M has none).
 */
export function modelledState(
  facts: DeliveryFacts,
  settings: CompactionSettings,
  computation: Computation,
  withCurve = false,
): { fields: StateFields; curve?: CurvePoint[] } {
  const result = deliveryState(facts, settings);
  const fields: StateFields = {
    State: result.state,
    AvailableTimeForCompaction:
      result.availableMinutes === null ? null : tenths(result.availableMinutes),
    StateReason: result.reason,
    StateReasonCode: result.reasonCode,
    StateReasonParams: result.reasonParams,
    StateNeededMinutes: result.neededMinutes,
    StateModelVersion: result.modelVersion,
    StateInputs: result.inputs,
    StateComputedAt: computation.now.toISOString(),
    StateForecastFetchedAt: computation.fetchedAt?.toISOString() ?? null,
  };
  const ran = result.availableMinutes !== null && result.inputs.forecast !== null;
  return withCurve && ran ? { fields, curve: coolingCurve(result, settings) } : { fields };
}
