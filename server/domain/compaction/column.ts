import type { Material } from './materials';
import type { CompactionSettings } from './settings';

type Numerics = Pick<
  CompactionSettings,
  | 'liftCellMm'
  | 'minLiftCells'
  | 'maxLiftCells'
  | 'baseCellGrowth'
  | 'maxBaseCellMm'
  | 'baseLayersM'
  | 'timeStepSeconds'
>;

/**
 * The new lift over the existing layers as finite volumes, with the implicit step's matrix
 * already eliminated from the insulated bottom upwards. The matrix does not change between
 * steps, so only the right-hand side is swept per step, and the surface cell is left as one
 * scalar equation where the non-linear surface balance is solved.
 */
export interface Column {
  cells: number;
  liftCells: number;
  /** Heat capacity per area of each cell, J/m2K. */
  capacity: Float64Array;
  /** capacity / dt. */
  capacityRate: Float64Array;
  /** Conductance from cell i to cell i + 1, W/m2K; 0 below the last cell. */
  conductance: Float64Array;
  /** T_i = P_i + q_i T_(i-1) after elimination; `reciprocalPivot` gives P_i from the RHS. */
  q: Float64Array;
  reciprocalPivot: Float64Array;
  /** Diagonal of the surface cell's equation after elimination, without the surface terms. */
  surfaceDiagonal: number;
}

function cellSizes(thicknessM: number, settings: Numerics): { sizes: number[]; liftCells: number } {
  const liftCells = Math.min(
    settings.maxLiftCells,
    Math.max(settings.minLiftCells, Math.round((thicknessM * 1000) / settings.liftCellMm)),
  );
  const sizes = new Array<number>(liftCells).fill(thicknessM / liftCells);
  const maxBase = settings.maxBaseCellMm / 1000;
  let size = thicknessM / liftCells;
  for (const layer of settings.baseLayersM) {
    const layerSizes: number[] = [];
    let total = 0;
    while (total < layer) {
      size = Math.min(size * settings.baseCellGrowth, maxBase);
      layerSizes.push(size);
      total += size;
    }
    // Scale so the faces fall on the layer boundaries.
    for (const s of layerSizes) sizes.push((s * layer) / total);
  }
  return { sizes, liftCells };
}

export function buildColumn(
  thicknessMm: number,
  lift: Material,
  base: Material,
  settings: Numerics,
): Column {
  const { sizes, liftCells } = cellSizes(thicknessMm / 1000, settings);
  const n = sizes.length;
  const dt = settings.timeStepSeconds;
  const capacity = new Float64Array(n);
  const capacityRate = new Float64Array(n);
  const conductance = new Float64Array(n);
  const resistance = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    const material = i < liftCells ? lift : base;
    const dz = sizes[i]!;
    capacity[i] = material.rho * material.c * dz;
    capacityRate[i] = capacity[i]! / dt;
    resistance[i] = dz / (2 * material.k);
  }
  for (let i = 0; i < n - 1; i += 1) conductance[i] = 1 / (resistance[i]! + resistance[i + 1]!);

  const q = new Float64Array(n);
  const reciprocalPivot = new Float64Array(n);
  for (let i = n - 1; i >= 1; i -= 1) {
    const above = conductance[i - 1]!;
    const below = conductance[i]!;
    const pivot = capacityRate[i]! + above + below - (i < n - 1 ? below * q[i + 1]! : 0);
    reciprocalPivot[i] = 1 / pivot;
    q[i] = above / pivot;
  }
  const surfaceDiagonal = capacityRate[0]! + conductance[0]! * (1 - (n > 1 ? q[1]! : 0));
  return {
    cells: n,
    liftCells,
    capacity,
    capacityRate,
    conductance,
    q,
    reciprocalPivot,
    surfaceDiagonal,
  };
}
