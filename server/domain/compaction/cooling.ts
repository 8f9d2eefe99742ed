import { buildColumn, type Column } from './column';
import { baseMaterial, type BaseType, type MixType } from './materials';
import type { CompactionSettings } from './settings';
import { kelvin } from './sky';
import { createSurface, type SurfaceConditions, type Weather } from './surface';

export const coolingModelVersion = 'cooling-fv-1';

export interface CoolingInput extends Weather {
  thicknessMm: number;
  layingTemperature: number;
  /** Existing surface temperature; air temperature when unknown. */
  baseTemperature?: number;
  mixType: MixType;
  baseType: BaseType;
  baseWet?: boolean;
  /** Defaults to baseTemperature <= 0. */
  baseFrozen?: boolean;
  stopTemperature?: number;
  /** Also return the cooling curve, run a few minutes past the stop temperature. */
  withCurve?: boolean;
}

export interface CoolingCurvePoint {
  minute: number;
  meanTemperature: number;
  /** Temperature of the top cell, about 1 mm down. */
  surfaceTemperature: number;
  /** Heat content of the whole column above 0 °C, J/m2. */
  heatContent: number;
}

export interface CoolingResult {
  /** Minutes until the mean lift temperature reaches the stop temperature (TAC). */
  availableMinutes: number;
  /** False when the stop temperature was not reached within maxSimulatedMinutes. */
  reachedStop: boolean;
  /** Minutes until the mean reaches the start-rolling temperature; null if not reached. */
  startRollingMinutes: number | null;
  stopTemperature: number;
  curve?: CoolingCurvePoint[];
}

/**
 * One backward-Euler step; the surface cell's balance is solved by Newton on its temperature,
 * linearising radiation about the latest iterate. Returns the new mean lift temperature.
 */
function step(
  column: Column,
  t: Float64Array,
  p: Float64Array,
  s: SurfaceConditions,
  iterations: number,
): number {
  const { cells, liftCells, capacityRate, conductance, q, reciprocalPivot } = column;
  let below = 0;
  for (let i = cells - 1; i >= 1; i -= 1) {
    below = (capacityRate[i]! * t[i]! + conductance[i]! * below) * reciprocalPivot[i]!;
    p[i] = below;
  }
  const diagonal = column.surfaceDiagonal;
  const rhs = capacityRate[0]! * t[0]! + conductance[0]! * below;
  let surface = t[0]!;
  for (let iteration = 0; iteration < iterations; iteration += 1) {
    const abs = surface + kelvin;
    const abs3 = abs * abs * abs;
    const flux =
      s.convection * (s.airTemperature - surface) +
      s.absorbedSolar -
      s.radiation * (abs3 * abs - s.skyK4);
    const slope = diagonal + s.convection + 4 * s.radiation * abs3;
    surface -= (diagonal * surface - rhs - flux) / slope;
  }
  t[0] = surface;
  let sum = surface;
  let above = surface;
  for (let i = 1; i < liftCells; i += 1) {
    above = p[i]! + q[i]! * above;
    t[i] = above;
    sum += above;
  }
  for (let i = liftCells; i < cells; i += 1) {
    above = p[i]! + q[i]! * above;
    t[i] = above;
  }
  return sum / liftCells;
}

function liftMean(t: Float64Array, liftCells: number): number {
  let sum = 0;
  for (let i = 0; i < liftCells; i += 1) sum += t[i]!;
  return sum / liftCells;
}

function heatContent(t: Float64Array, column: Column): number {
  let sum = 0;
  for (let i = 0; i < column.cells; i += 1) sum += column.capacity[i]! * t[i]!;
  return sum;
}

/** Time at which `value` fell through `level` during the step ending at `time` (minutes). */
function crossing(time: number, stepMinutes: number, before: number, after: number, level: number) {
  return time - (stepMinutes * (level - after)) / (before - after);
}

/**
 * Cooling of a freshly laid lift over the existing layers (PaveCool-class model): 1-D implicit
 * finite volumes, insulated at 0.36 m, convection, sun and long-wave radiation at the surface.
 *
 * @example simulateCooling({ thicknessMm: 50, layingTemperature: 140, airTemperature: 10,
 *   windSpeedKmh: 15, mixType: 'dense', baseType: 'asphalt' }, defaultCompactionSettings)
 */
export function simulateCooling(input: CoolingInput, settings: CompactionSettings): CoolingResult {
  if (!(input.thicknessMm > 0) || !(input.windSpeedKmh >= 0)) {
    throw new RangeError('Thickness must be positive and wind not negative');
  }
  const stop = input.stopTemperature ?? settings.stopTemperature;
  const startRolling = settings.startRollingTemperature;
  const baseTemperature = input.baseTemperature ?? input.airTemperature;
  const base = baseMaterial(
    settings.materials,
    input.baseType,
    input.baseWet ?? false,
    input.baseFrozen ?? baseTemperature <= 0,
  );
  const column = buildColumn(
    input.thicknessMm,
    settings.materials.mix[input.mixType],
    base,
    settings,
  );
  const t = new Float64Array(column.cells).fill(baseTemperature);
  t.fill(input.layingTemperature, 0, column.liftCells);
  const p = new Float64Array(column.cells);
  const surface = createSurface(input, settings);

  const dt = settings.timeStepSeconds;
  const stepMinutes = dt / 60;
  const maxSteps = Math.ceil((settings.maxSimulatedMinutes * 60) / dt);
  const curve: CoolingCurvePoint[] | undefined = input.withCurve ? [] : undefined;
  const record = (minute: number) =>
    curve?.push({
      minute,
      meanTemperature: liftMean(t, column.liftCells),
      surfaceTemperature: t[0]!,
      heatContent: heatContent(t, column),
    });
  record(0);

  let mean = input.layingTemperature;
  let available: number | null = mean <= stop ? 0 : null;
  let rolling: number | null = mean <= startRolling ? 0 : null;
  let lastMinute = 0;
  // Without a curve the run ends at the stop temperature; with one, a few minutes past it.
  const endAfterStop = (minutes: number) => {
    const end = Math.ceil(minutes + settings.curveTailMinutes);
    return curve ? Math.min(maxSteps, Math.ceil(end / stepMinutes - 1e-9)) : 0;
  };
  let endStep = available === null ? maxSteps : endAfterStop(0);
  for (let n = 1; n <= endStep; n += 1) {
    const minute = Math.floor((n - 1) * stepMinutes);
    if (minute !== lastMinute) {
      surface.update(minute);
      lastMinute = minute;
    }
    const before = mean;
    mean = step(column, t, p, surface.conditions, settings.surfaceIterations);
    const time = n * stepMinutes;
    if (rolling === null && mean <= startRolling) {
      rolling = crossing(time, stepMinutes, before, mean, startRolling);
    }
    if (available === null && mean <= stop) {
      available = crossing(time, stepMinutes, before, mean, stop);
      endStep = endAfterStop(available);
    }
    // A minute's point is the first step to reach it: exact when steps divide a minute.
    const wholeMinute = Math.floor(time + 1e-9);
    if (curve && wholeMinute > Math.floor(time - stepMinutes + 1e-9)) record(wholeMinute);
  }
  return {
    availableMinutes: available ?? settings.maxSimulatedMinutes,
    reachedStop: available !== null,
    startRollingMinutes: rolling,
    stopTemperature: stop,
    ...(curve ? { curve } : {}),
  };
}
