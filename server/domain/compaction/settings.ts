import { defaultMaterials, type MaterialTable } from './materials';

/** Rolling time a crew needs for lifts up to `maxMm` thick (null: any thickness). */
export interface RollingTimeRow {
  maxMm: number | null;
  minutes: number;
}

/**
 * `pavecool`: the sky is at air temperature by day and at `nightSkyTemperatureK` at night.
 * `swinbank`: clear sky 0.0552 T_air^1.5 (K), blended with cloud as
 * T_sky^4 = (1 - C) T_clear^4 + C T_air^4, day and night alike.
 */
export type SkyModel = 'pavecool' | 'swinbank';

/** Every constant of the compaction model and the delivery state. Temperatures in °C. */
export interface CompactionSettings {
  /** h = convectionScale (convectionBase + convectionWindFactor v_mph^convectionWindExponent). */
  convectionScale: number;
  convectionBase: number;
  convectionWindFactor: number;
  convectionWindExponent: number;
  emissivity: number;
  /** Solar absorptivity of the fresh mat. */
  absorptivity: number;
  skyModel: SkyModel;
  nightSkyTemperatureK: number;

  /** Cessation temperature: the mean lift temperature where rolling stops densifying. */
  stopTemperature: number;
  startRollingTemperature: number;

  truckSpeedMph: number;
  queueMinutes: number;
  /** Cooling of a sheeted load on the road, °C per minute. */
  haulCoolingPerMinute: number;
  /** Loss through the hopper and the screed, °C. */
  transferLoss: number;
  /** How much the warm-mix additive lowers the stop temperature, °C. */
  warmMixAllowance: number;

  /** Ascending by maxMm; the last row has maxMm null. */
  rollingMinutesByThickness: RollingTimeRow[];
  /** Four roller passes take 7-9 min (Dickinson, ARRB 1978). */
  minRollingMinutes: number;
  greenMultiple: number;
  amberMultiple: number;

  minAirTemperatureThick: number;
  minAirTemperatureThin: number;
  /** Lifts up to this thickness count as thin surface courses. */
  thinCourseMaxMm: number;
  maxHaulMinutes: number;
  /** Precipitation at the hour from which it counts as rain, mm. */
  rainThresholdMm: number;
  /** Probability of precipitation from which it counts as rain, %; null: amount only. */
  rainProbabilityPercent: number | null;
  minThicknessMm: number;
  maxThicknessMm: number;

  /** Existing layers under the new lift, top down, m; the bottom is insulated. */
  baseLayersM: number[];
  materials: MaterialTable;

  /** Target cell size in the lift. */
  liftCellMm: number;
  minLiftCells: number;
  /** Bounds the work on thick lifts, where 1.5 mm cells buy no accuracy. */
  maxLiftCells: number;
  /** Base cells grow by this factor from the lift's cell size, up to maxBaseCellMm. */
  baseCellGrowth: number;
  maxBaseCellMm: number;
  timeStepSeconds: number;
  /** Newton iterations on the surface temperature per step (radiation is non-linear). */
  surfaceIterations: number;
  maxSimulatedMinutes: number;
  /** How long a requested curve runs on past the stop temperature. */
  curveTailMinutes: number;
}

export const defaultCompactionSettings: CompactionSettings = {
  convectionScale: 3.152,
  convectionBase: 1.3,
  convectionWindFactor: 0.62,
  convectionWindExponent: 0.75,
  emissivity: 0.95,
  absorptivity: 0.85,
  skyModel: 'pavecool',
  nightSkyTemperatureK: 225,

  stopTemperature: 79.4,
  startRollingTemperature: 120,

  truckSpeedMph: 30,
  queueMinutes: 0,
  haulCoolingPerMinute: 0.2,
  transferLoss: 5,
  warmMixAllowance: 15,

  rollingMinutesByThickness: [
    { maxMm: 25, minutes: 6 },
    { maxMm: 40, minutes: 8 },
    { maxMm: 60, minutes: 12 },
    { maxMm: null, minutes: 15 },
  ],
  minRollingMinutes: 7,
  greenMultiple: 1.5,
  amberMultiple: 1.0,

  minAirTemperatureThick: 0,
  minAirTemperatureThin: 3,
  thinCourseMaxMm: 40,
  maxHaulMinutes: 120,
  // Forecasts report precipitation in steps of 0.1 mm: any reported amount is rain.
  rainThresholdMm: 0.1,
  rainProbabilityPercent: null,
  minThicknessMm: 10,
  maxThicknessMm: 300,

  baseLayersM: [0.06, 0.1, 0.2],
  materials: defaultMaterials,

  liftCellMm: 1.5,
  minLiftCells: 6,
  maxLiftCells: 60,
  baseCellGrowth: 1.3,
  maxBaseCellMm: 20,
  timeStepSeconds: 10,
  surfaceIterations: 3,
  maxSimulatedMinutes: 240,
  curveTailMinutes: 5,
};

/** Rolling minutes the crew needs for a lift, floored at minRollingMinutes. */
export function neededRollingMinutes(thicknessMm: number, settings: CompactionSettings): number {
  const row = settings.rollingMinutesByThickness.find(
    (r) => r.maxMm === null || thicknessMm <= r.maxMm,
  );
  return Math.max(row?.minutes ?? settings.minRollingMinutes, settings.minRollingMinutes);
}
