import type { Kysely } from 'kysely';
import {
  type Geolocation,
  type SuggestedChanges,
  type Suggestion,
  type SuggestionKind,
  suggestionKinds,
} from '#metadata';
import type { Database } from '../../../db/schema';
import { listActiveDeliveryMaterials } from '../repositories/delivery-materials';
import type { DeriveOptions } from '../state/derive';
import { deriveFrom } from '../state/derive-from';
import { deliveryReferences } from '../state/references';
import { batchSources, type DeriveSources } from '../state/sources';
import { finiteOrNull, instantOrNull } from '../state/values';
import { assertDerivedInputsValid, derivedMaterialId } from './checked-derive';
import {
  type AmendableInputs,
  type Candidate,
  candidatesOf,
  workingHoursOfUkDay,
} from './suggestion-candidates';

type Row = Record<string, unknown>;

/** The states a suggestion must reach, best first, by the state of the posted inputs. */
const wantedStates: Readonly<Record<string, readonly string[]>> = { R: ['G', 'A', 'Y'], A: ['G'] };

/**
 * The changes that can lift a state, by its reason code. A hard stop no input changes gives
 * none but the hour, when the weather is its cause; a haul too long, nothing at all.
 */
const helpfulKinds: Readonly<Record<string, readonly SuggestionKind[]>> = {
  red: suggestionKinds,
  // The additive only counts once the hot mix falls short of amber: it cannot make amber green.
  amber: ['OutputTemperature', 'Thickness', 'StartTime'],
  // Lifts thicker than a thin surface course may be laid in colder air.
  airTooCold: ['Thickness', 'StartTime'],
  arrivalTooCold: ['OutputTemperature'],
  rain: ['StartTime'],
  baseFrozen: ['StartTime'],
  baseWet: ['StartTime'],
};

interface Found {
  candidate: Candidate;
  computed: Row;
  /** Its state's place in the wanted states (0 is the best). */
  rank: number;
}

/**
 * The candidate reaching the best wanted state, the first (smallest change) of those that
 * reach it; the search stops at the first that reaches the best state of all.
 */
async function bestOf(
  candidates: readonly Candidate[],
  judge: (candidate: Candidate) => Promise<Row>,
  wanted: readonly string[],
): Promise<Found | undefined> {
  let best: Found | undefined;
  for (const candidate of candidates) {
    const computed = await judge(candidate);
    const rank = wanted.indexOf(String(computed.State));
    if (rank < 0 || (best && rank >= best.rank)) continue;
    best = { candidate, computed, rank };
    if (rank === 0) break;
  }
  return best;
}

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);
const objectOrNull = (value: unknown): Row | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : null;

function suggestionOf(kind: SuggestionKind, { candidate, computed }: Found): Suggestion {
  return {
    Kind: kind,
    ...candidate.inputs,
    StartTime0: candidate.startTime0,
    State: String(computed.State),
    AvailableTimeForCompaction: finiteOrNull(computed.AvailableTimeForCompaction),
    StateNeededMinutes: finiteOrNull(computed.StateNeededMinutes),
    StateReason: textOrNull(computed.StateReason),
    StateReasonCode: textOrNull(computed.StateReasonCode),
    StateReasonParams: objectOrNull(computed.StateReasonParams),
  };
}

/**
 * The sources with each postcode looked up once: a delivery located only by its address would
 * otherwise ask the (possibly online) lookup again for every candidate the search judges.
 */
function lookingUpOnce(sources: DeriveSources): DeriveSources {
  const found = new Map<string, Promise<Geolocation | null>>();
  return {
    ...sources,
    locatePostcode(postcode) {
      let answer = found.get(postcode);
      if (!answer) found.set(postcode, (answer = sources.locatePostcode(postcode)));
      return answer;
    },
  };
}

/**
 * Settings, materials and the site's forecast over the delivery's UK working day, read once
 * for the posted inputs and every candidate (the forecast on first use, in one query; a
 * postcode's location once).
 */
async function loadSources(
  db: Kysely<Database>,
  startTime: Date,
  now: Date,
  options: SuggestOptions,
): Promise<DeriveSources> {
  const references = await deliveryReferences(db, options.log);
  const materials = await listActiveDeliveryMaterials(db);
  const hours = workingHoursOfUkDay(startTime);
  const from = new Date(Math.min(hours[0]!.getTime(), startTime.getTime()));
  const to = new Date(Math.max(hours.at(-1)!.getTime(), startTime.getTime()));
  return lookingUpOnce(
    batchSources(db, references, materials, now, () => ({ from, to }), options.log),
  );
}

export type SuggestOptions = Pick<DeriveOptions, 'now' | 'log'>;

/**
 * "What would make it workable?": the state of the posted inputs on the stored delivery with
 * the cached forecast (as SetNewState computes it, with the same 400 for inputs the material
 * refuses), and for a RED or AMBER one the smallest changes that make it workable, each judged
 * by the same derive and compaction model as the state. Nothing is saved and no forecast
 * provider is asked.
 *
 * - Only states R and A get suggestions (G, Y, M and any other: none), and only for a delivery
 *   still to come. Workable is G, A or Y: an AMBER delivery's suggestions reach G; a RED's
 *   reach G where a change of that kind can, else A, else Y. Within a kind the better state
 *   wins, then the smaller change; at most one suggestion per kind, best state first, then in
 *   the order OutputTemperature, EvoTherm, Thickness, StartTime.
 * - OutputTemperature: hotter in steps of 5 within the material's MinMixTemp..MaxMixTemp, never
 *   above MaxMixTemp (a material without a maximum gets none). EvoTherm: when the material
 *   takes the additive and it is not allowed yet. Thickness: 20 to 200 in steps of 5, nearest
 *   first, thicker before thinner (thinner can help: the crew's rolling time falls with it).
 * - StartTime: informative (staff do not move deliveries), with the posted inputs: the cached
 *   forecast hours of the same UK day from 06:00 to 18:00 still to come, other than the
 *   delivery's own, nearest to StartTime0 first (of two as near, the earlier).
 * - What the reason allows: `red` every kind; `amber` all but the additive (it only counts
 *   once the hot mix falls short of amber); `airTooCold` the thickness (a thick course's air
 *   minimum is lower) and the hour; `arrivalTooCold` the temperature; `rain`, `baseFrozen` and
 *   `baseWet` only the hour; `haulTooLong` nothing (only the mileage could help).
 * - Bounded work: one model run per candidate, each kind's search stopping at its first
 *   candidate in the best wanted state: at most the hotter temperatures up to MaxMixTemp (8 for
 *   a 140-180 °C mix), one for the additive, 36 thicknesses and 12 hours, over settings,
 *   materials, a forecast and a postcode's location read once.
 */
export async function suggestChanges(
  db: Kysely<Database>,
  stored: Row,
  inputs: AmendableInputs,
  options: SuggestOptions = {},
): Promise<SuggestedChanges> {
  const now = options.now?.() ?? new Date();
  const values: Row = { ...stored, ...inputs };
  const startTime = instantOrNull(values.StartTime0) ?? now;
  const sources = await loadSources(db, startTime, now, options);
  const posted = await deriveFrom(sources, values, stored);
  const materialId = derivedMaterialId(posted, stored);
  const material = sources.materials.find((candidate) => candidate.id === materialId);
  assertDerivedInputsValid(values, stored, materialId, material);

  const State = String(posted.computed.State);
  const wanted = wantedStates[State];
  const siteId = posted.computed.WeatherSiteId;
  const past = startTime.getTime() < now.getTime();
  if (!wanted || !material || typeof siteId !== 'number' || past) {
    return { State, Suggestions: [] };
  }
  // A candidate never asks for a forecast: only the posted inputs' derive does, as SetNewState.
  const quiet: DeriveSources = { ...sources, requestForecast: async () => undefined };
  const judge = async ({ inputs: changed, startTime0 }: Candidate) => {
    const moved = startTime0 === null ? {} : { StartTime0: startTime0 };
    return (await deriveFrom(quiet, { ...values, ...changed, ...moved }, stored)).computed;
  };
  const context = { inputs, material, startTime, siteId, sources, now };
  const found: [SuggestionKind, Found][] = [];
  for (const kind of helpfulKinds[String(posted.computed.StateReasonCode)] ?? []) {
    const best = await bestOf(await candidatesOf(kind, context), judge, wanted);
    if (best) found.push([kind, best]);
  }
  // Stable: kinds of the same state keep their order.
  found.sort(([, a], [, b]) => a.rank - b.rank);
  return { State, Suggestions: found.map(([kind, best]) => suggestionOf(kind, best)) };
}
