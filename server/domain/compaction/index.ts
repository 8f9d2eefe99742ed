export {
  coolingModelVersion,
  simulateCooling,
  type CoolingCurvePoint,
  type CoolingInput,
  type CoolingResult,
} from './cooling';
export type {
  DeliveryFacts,
  DeliveryForecast,
  DeliveryInputs,
  DeliveryState,
  DeliveryStateCode,
} from './delivery';
export {
  baseMaterial,
  defaultMaterials,
  type BaseType,
  type Material,
  type MaterialTable,
  type MixType,
} from './materials';
export { reasonText, type ReasonCode, type ReasonParams } from './reasons';
export {
  defaultCompactionSettings,
  neededRollingMinutes,
  type CompactionSettings,
  type RollingTimeRow,
  type SkyModel,
} from './settings';
export { skyTemperatureK } from './sky';
export { convectionCoefficient } from './surface';
export { clearSkySolarFlux, cosZenith } from './solar';
export { coolingInput, deliveryState } from './state';
