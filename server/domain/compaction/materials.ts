/** Thermal properties of one material: conductivity W/mK, density kg/m3, heat capacity J/kgK. */
export interface Material {
  k: number;
  rho: number;
  c: number;
}

export type MixType = 'dense' | 'sma';
export type BaseType = 'asphalt' | 'concrete' | 'aggregate' | 'soil';

/** Unbound bases change with moisture and frost; bound ones are taken as they are. */
export interface MoistureStates {
  dry: Material;
  dryFrozen: Material;
  wet: Material;
  wetFrozen: Material;
}

export interface MaterialTable {
  mix: Record<MixType, Material>;
  base: {
    asphalt: Material;
    concrete: Material;
    aggregate: MoistureStates;
    soil: MoistureStates;
  };
}

const m = (k: number, rho: number, c: number): Material => ({ k, rho, c });

/** PaveCool 3's property table (MnDOT), as listed in the domain notes. */
export const defaultMaterials: MaterialTable = {
  mix: {
    dense: m(2.0, 2000, 1000),
    sma: m(1.5, 2010, 1010),
  },
  base: {
    asphalt: m(1.51, 2000, 1025),
    concrete: m(0.92, 2000, 1090),
    aggregate: {
      dry: m(1.16, 2000, 960),
      dryFrozen: m(2.0, 2000, 860),
      wet: m(1.22, 2000, 1170),
      wetFrozen: m(3.55, 2000, 960),
    },
    soil: {
      dry: m(1.35, 1800, 1170),
      dryFrozen: m(1.4, 1800, 960),
      wet: m(1.87, 1800, 1590),
      wetFrozen: m(2.38, 1800, 1170),
    },
  },
};

/** The existing material under the new lift, for its type and condition. */
export function baseMaterial(
  table: MaterialTable,
  type: BaseType,
  wet: boolean,
  frozen: boolean,
): Material {
  if (type === 'asphalt' || type === 'concrete') return table.base[type];
  const states = table.base[type];
  if (wet) return frozen ? states.wetFrozen : states.wet;
  return frozen ? states.dryFrozen : states.dry;
}
