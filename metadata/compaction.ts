import type { FromSchema } from 'json-schema-to-ts';

export const mixTypes = ['dense', 'sma'] as const;
export const baseTypes = ['asphalt', 'concrete', 'aggregate', 'soil'] as const;

/**
 * Body of `POST api/compaction/calculate`: one lift laid in given weather. Ranges are the
 * model's (thickness) and the physically sensible ones (temperatures, wind, radiation);
 * anything outside is refused with the field named. A `DateTime` (ISO 8601 with offset) lets
 * the sun model work, which needs the place as well.
 */
export const compactionInputSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['ThicknessMm', 'LayingTemperature', 'AirTemperature', 'WindSpeedKmh'],
  properties: {
    ThicknessMm: { type: 'number', minimum: 10, maximum: 300 },
    LayingTemperature: { type: 'number', minimum: 40, maximum: 250 },
    AirTemperature: { type: 'number', minimum: -40, maximum: 50 },
    /** Default: the air temperature. */
    BaseTemperature: { type: 'number', minimum: -40, maximum: 80 },
    WindSpeedKmh: { type: 'number', minimum: 0, maximum: 200 },
    CloudCoverPercent: { type: 'number', minimum: 0, maximum: 100, default: 0 },
    /** Global horizontal irradiance, W/m2; when given it replaces the sun model. */
    ShortwaveRadiation: { type: 'number', minimum: 0, maximum: 1400 },
    Latitude: { type: 'number', minimum: -90, maximum: 90 },
    Longitude: { type: 'number', minimum: -180, maximum: 180 },
    DateTime: { type: 'string', format: 'date-time', maxLength: 40 },
    MixType: { type: 'string', enum: mixTypes, default: 'dense' },
    BaseType: { type: 'string', enum: baseTypes, default: 'asphalt' },
    BaseWet: { type: 'boolean', default: false },
    /** Default: frozen when the base is at or below 0 °C. */
    BaseFrozen: { type: 'boolean' },
    /** Default: the `Compaction.StopTemperature` setting (79.4 °C). */
    StopTemperature: { type: 'number', minimum: 20, maximum: 200 },
    /** Warm-mix additive: the stop temperature is lowered by the `Compaction.WarmMixAllowance` setting. */
    WarmMixAdditive: { type: 'boolean', default: false },
  },
  dependencies: { DateTime: ['Latitude', 'Longitude'] },
} as const;

export type CompactionInput = FromSchema<typeof compactionInputSchema>;

const plainNumber = { type: 'number' } as const;
const nullableNumber = { type: ['number', 'null'] } as const;

/**
 * What the compaction model ran on for a delivery's state, as the server keeps it with the
 * state (`StateInputs`, read by the delivery page for its curve and forecast): the lift, the
 * haul, the stop temperatures and the forecast hour. One shape for both sides: the server's
 * `DeliveryInputs` is checked against it at compile time.
 */
export const deliveryStateInputsSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'thicknessMm',
    'mixType',
    'outputTemperature',
    'mileage',
    'haulMinutes',
    'arrivalTemperature',
    'layingTemperature',
    'stopTemperature',
    'warmMixStopTemperature',
    'forecast',
    'baseType',
    'baseTemperature',
    'baseWet',
    'baseFrozen',
    'latitude',
    'longitude',
    'dateTime',
  ],
  properties: {
    thicknessMm: plainNumber,
    mixType: { type: 'string', enum: mixTypes },
    outputTemperature: plainNumber,
    mileage: plainNumber,
    haulMinutes: plainNumber,
    arrivalTemperature: plainNumber,
    layingTemperature: plainNumber,
    stopTemperature: plainNumber,
    warmMixStopTemperature: nullableNumber,
    forecast: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['airTemperature', 'windSpeedKmh', 'cloudCoverPercent'],
      properties: {
        airTemperature: plainNumber,
        windSpeedKmh: plainNumber,
        cloudCoverPercent: plainNumber,
        shortwaveRadiation: nullableNumber,
        precipitationMm: nullableNumber,
        precipitationProbability: nullableNumber,
        /** Surface or soil temperature from the forecast. */
        baseTemperature: nullableNumber,
      },
    },
    baseType: { type: 'string', enum: baseTypes },
    baseTemperature: nullableNumber,
    baseWet: { type: 'boolean' },
    baseFrozen: { type: 'boolean' },
    latitude: plainNumber,
    longitude: plainNumber,
    dateTime: { type: 'string' },
  },
} as const;
export type DeliveryStateInputs = FromSchema<typeof deliveryStateInputsSchema>;

/** One minute of the cooling curve. */
export const coolingPointSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Minute', 'MeanTemperature', 'SurfaceTemperature'],
  properties: {
    Minute: { type: 'integer' },
    MeanTemperature: { type: 'number' },
    SurfaceTemperature: { type: 'number' },
  },
} as const;

/** Answer of `POST api/compaction/calculate`. */
export const compactionResultSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'AvailableTimeForCompaction',
    'ReachedStop',
    'StartRollingMinutes',
    'StartRollingTemperature',
    'StopTemperature',
    'LayingTemperature',
    'Curve',
    'ModelVersion',
  ],
  properties: {
    /** Minutes from laying until the mean lift temperature reaches the stop temperature, 1 dp. */
    AvailableTimeForCompaction: { type: 'number' },
    /** False when the lift was still above the stop temperature at the end of the run. */
    ReachedStop: { type: 'boolean' },
    /**
     * Minutes from laying until the mean lift temperature reaches the start-rolling one, 1 dp:
     * 0 when laid at or below it; the end of the curve when it is not reached within the run.
     */
    StartRollingMinutes: { type: 'number' },
    StartRollingTemperature: { type: 'number' },
    /** The stop temperature used: given or from settings, less the warm-mix allowance. */
    StopTemperature: { type: 'number' },
    /** The lift's mean temperature at laying (the first point of the curve). */
    LayingTemperature: { type: 'number' },
    Curve: { type: 'array', items: coolingPointSchema },
    ModelVersion: { type: 'string' },
  },
} as const;

export type CompactionResult = FromSchema<typeof compactionResultSchema>;
export type CoolingPoint = FromSchema<typeof coolingPointSchema>;
