import type { JsonSchema } from '../engine/definitions';
import {
  choiceSchema,
  numberBetween,
  positiveNumber,
  type SettingDefinition,
  type SettingSection,
} from './setting-definition';

// The defaults mirror the model's own (`server/domain/compaction`), which stay the authority:
// `tests/unit/settings-registry.test.ts` fails when the two disagree.

const notNegative = numberBetween(0, 1e9);
const temperature = numberBetween(-60, 300);
const m = (k: number, rho: number, c: number) => ({ k, rho, c });

const material: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['k', 'rho', 'c'],
  properties: { k: positiveNumber(100), rho: positiveNumber(10_000), c: positiveNumber(10_000) },
};
const moistureStates: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['dry', 'dryFrozen', 'wet', 'wetFrozen'],
  properties: { dry: material, dryFrozen: material, wet: material, wetFrozen: material },
};
const objectOf = (properties: Record<string, JsonSchema>): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  required: Object.keys(properties),
  properties,
});

const materialsSchema = objectOf({
  mix: objectOf({ dense: material, sma: material }),
  base: objectOf({
    asphalt: material,
    concrete: material,
    aggregate: moistureStates,
    soil: moistureStates,
  }),
});

/** A setting of the model, resettable to its default. */
const model = (
  name: string,
  schema: JsonSchema,
  value: unknown,
  title: string,
  extra: Partial<SettingDefinition> = {},
): SettingDefinition => ({
  key: `Compaction.${name}`,
  schema,
  default: value,
  title,
  resettable: true,
  ...extra,
});

const celsius = { unit: 'SETTINGS.UNIT.CELSIUS' };
const minutes = { unit: 'SETTINGS.UNIT.MINUTES' };
const mm = { unit: 'SETTINGS.UNIT.MM' };
const times = { unit: 'SETTINGS.UNIT.TIMES' };

export const compactionSettingsSection: SettingSection = {
  id: 'Compaction',
  title: 'SETTINGS.SECTION.COMPACTION',
  description: 'SETTINGS.COMPACTION.SECTION_HINT',
  settings: [
    model('StopTemperature', numberBetween(20, 200), 79.4, 'SETTINGS.COMPACTION.STOP_TEMPERATURE', {
      ...celsius,
      description: 'SETTINGS.COMPACTION.STOP_TEMPERATURE_HINT',
    }),
    model(
      'StartRollingTemperature',
      numberBetween(20, 250),
      120,
      'SETTINGS.COMPACTION.START_ROLLING',
      celsius,
    ),
    model('WarmMixAllowance', numberBetween(0, 100), 15, 'SETTINGS.COMPACTION.WARM_MIX_ALLOWANCE', {
      ...celsius,
      description: 'SETTINGS.COMPACTION.WARM_MIX_ALLOWANCE_HINT',
    }),
    model(
      'RollingMinutesByThickness',
      {
        type: 'array',
        minItems: 1,
        maxItems: 20,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['maxMm', 'minutes'],
          properties: {
            maxMm: { type: ['number', 'null'], exclusiveMinimum: 0, maximum: 1000 },
            minutes: numberBetween(0, 600),
          },
        },
      },
      [
        { maxMm: 25, minutes: 6 },
        { maxMm: 40, minutes: 8 },
        { maxMm: 60, minutes: 12 },
        { maxMm: null, minutes: 15 },
      ],
      'SETTINGS.COMPACTION.ROLLING_MINUTES',
      {
        description: 'SETTINGS.COMPACTION.ROLLING_MINUTES_HINT',
        columns: {
          maxMm: 'SETTINGS.COMPACTION.COLUMN.MAX_MM',
          minutes: 'SETTINGS.COMPACTION.COLUMN.MINUTES',
        },
      },
    ),
    model(
      'MinRollingMinutes',
      numberBetween(0, 600),
      7,
      'SETTINGS.COMPACTION.MIN_ROLLING',
      minutes,
    ),
    model('GreenMultiple', positiveNumber(100), 1.5, 'SETTINGS.COMPACTION.GREEN_MULTIPLE', {
      ...times,
      description: 'SETTINGS.COMPACTION.GREEN_MULTIPLE_HINT',
    }),
    model('AmberMultiple', positiveNumber(100), 1.0, 'SETTINGS.COMPACTION.AMBER_MULTIPLE', times),
    model('MinAirTemperatureThick', temperature, 0, 'SETTINGS.COMPACTION.MIN_AIR_THICK', celsius),
    model('MinAirTemperatureThin', temperature, 3, 'SETTINGS.COMPACTION.MIN_AIR_THIN', celsius),
    model('ThinCourseMaxMm', positiveNumber(1000), 40, 'SETTINGS.COMPACTION.THIN_COURSE_MAX', mm),
    model('MaxHaulMinutes', positiveNumber(24 * 60), 120, 'SETTINGS.COMPACTION.MAX_HAUL', minutes),
    model('RainThresholdMm', notNegative, 0.1, 'SETTINGS.COMPACTION.RAIN_THRESHOLD', mm),
    model(
      'RainProbabilityPercent',
      { type: ['number', 'null'], minimum: 0, maximum: 100 },
      null,
      'SETTINGS.COMPACTION.RAIN_PROBABILITY',
      { unit: 'SETTINGS.UNIT.PERCENT', description: 'SETTINGS.COMPACTION.RAIN_PROBABILITY_HINT' },
    ),
    model('MinThicknessMm', positiveNumber(1000), 10, 'SETTINGS.COMPACTION.MIN_THICKNESS', mm),
    model('MaxThicknessMm', positiveNumber(1000), 300, 'SETTINGS.COMPACTION.MAX_THICKNESS', mm),
    model('TruckSpeedMph', positiveNumber(200), 30, 'SETTINGS.COMPACTION.TRUCK_SPEED', {
      unit: 'SETTINGS.UNIT.MPH',
    }),
    model('QueueMinutes', numberBetween(0, 24 * 60), 0, 'SETTINGS.COMPACTION.QUEUE', minutes),
    model('HaulCoolingPerMinute', numberBetween(0, 100), 0.2, 'SETTINGS.COMPACTION.HAUL_COOLING', {
      unit: 'SETTINGS.UNIT.CELSIUS_PER_MINUTE',
    }),
    model('TransferLoss', numberBetween(0, 200), 5, 'SETTINGS.COMPACTION.TRANSFER_LOSS', celsius),
    model('ConvectionScale', positiveNumber(100), 3.152, 'SETTINGS.COMPACTION.CONVECTION_SCALE', {
      description: 'SETTINGS.COMPACTION.CONVECTION_HINT',
    }),
    model('ConvectionBase', notNegative, 1.3, 'SETTINGS.COMPACTION.CONVECTION_BASE'),
    model('ConvectionWindFactor', notNegative, 0.62, 'SETTINGS.COMPACTION.CONVECTION_WIND_FACTOR'),
    model(
      'ConvectionWindExponent',
      numberBetween(0, 3),
      0.75,
      'SETTINGS.COMPACTION.CONVECTION_WIND_EXPONENT',
    ),
    model('Emissivity', numberBetween(0, 1), 0.95, 'SETTINGS.COMPACTION.EMISSIVITY'),
    model('Absorptivity', numberBetween(0, 1), 0.85, 'SETTINGS.COMPACTION.ABSORPTIVITY'),
    model(
      'SkyModel',
      choiceSchema([
        ['pavecool', 'SETTINGS.COMPACTION.SKY.PAVECOOL'],
        ['swinbank', 'SETTINGS.COMPACTION.SKY.SWINBANK'],
      ]),
      'pavecool',
      'SETTINGS.COMPACTION.SKY_MODEL',
    ),
    model('NightSkyTemperatureK', numberBetween(100, 350), 225, 'SETTINGS.COMPACTION.NIGHT_SKY', {
      unit: 'SETTINGS.UNIT.KELVIN',
    }),
    model(
      'BaseLayersM',
      { type: 'array', minItems: 1, maxItems: 10, items: positiveNumber(10) },
      [0.06, 0.1, 0.2],
      'SETTINGS.COMPACTION.BASE_LAYERS',
      {
        unit: 'SETTINGS.UNIT.M',
        description: 'SETTINGS.COMPACTION.BASE_LAYERS_HINT',
        columns: { value: 'SETTINGS.COMPACTION.COLUMN.THICKNESS_M' },
      },
    ),
    model(
      'Materials',
      materialsSchema,
      {
        mix: { dense: m(2.0, 2000, 1000), sma: m(1.5, 2010, 1010) },
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
      },
      'SETTINGS.COMPACTION.MATERIALS',
      {
        description: 'SETTINGS.COMPACTION.MATERIALS_HINT',
        columns: {
          k: 'SETTINGS.COMPACTION.COLUMN.CONDUCTIVITY',
          rho: 'SETTINGS.COMPACTION.COLUMN.DENSITY',
          c: 'SETTINGS.COMPACTION.COLUMN.HEAT_CAPACITY',
        },
        rows: {
          'mix.dense': 'SETTINGS.COMPACTION.MATERIAL.MIX_DENSE',
          'mix.sma': 'SETTINGS.COMPACTION.MATERIAL.MIX_SMA',
          'base.asphalt': 'SETTINGS.COMPACTION.MATERIAL.BASE_ASPHALT',
          'base.concrete': 'SETTINGS.COMPACTION.MATERIAL.BASE_CONCRETE',
          'base.aggregate.dry': 'SETTINGS.COMPACTION.MATERIAL.AGGREGATE_DRY',
          'base.aggregate.dryFrozen': 'SETTINGS.COMPACTION.MATERIAL.AGGREGATE_DRY_FROZEN',
          'base.aggregate.wet': 'SETTINGS.COMPACTION.MATERIAL.AGGREGATE_WET',
          'base.aggregate.wetFrozen': 'SETTINGS.COMPACTION.MATERIAL.AGGREGATE_WET_FROZEN',
          'base.soil.dry': 'SETTINGS.COMPACTION.MATERIAL.SOIL_DRY',
          'base.soil.dryFrozen': 'SETTINGS.COMPACTION.MATERIAL.SOIL_DRY_FROZEN',
          'base.soil.wet': 'SETTINGS.COMPACTION.MATERIAL.SOIL_WET',
          'base.soil.wetFrozen': 'SETTINGS.COMPACTION.MATERIAL.SOIL_WET_FROZEN',
        },
      },
    ),
  ],
};
