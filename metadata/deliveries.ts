import type { FromSchema } from 'json-schema-to-ts';

/** `POST api/deliveries/AmendSelected` and `CanAmendSelected` (deliveries spec 3, 7). */
export const amendRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['DeliveriesIds'],
  properties: {
    OutputTemp: { type: ['integer', 'null'], minimum: 0, maximum: 300 },
    EvoTherm: { type: ['boolean', 'null'] },
    Thickness: { type: ['integer', 'null'], minimum: 0, maximum: 200 },
    DeliveriesIds: {
      type: 'array',
      minItems: 1,
      maxItems: 1000,
      uniqueItems: true,
      items: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
    },
  },
} as const;
export type AmendRequest = FromSchema<typeof amendRequestSchema>;

/** One amended delivery, as AmendSelected lists them: its state before and after. */
export const amendResultSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Id', 'OldState', 'NewState', 'AvailableTimeForCompaction'],
  properties: {
    Id: { type: 'integer' },
    OldState: { type: 'string' },
    NewState: { type: 'string' },
    AvailableTimeForCompaction: { type: ['number', 'null'] },
    StateReason: { type: ['string', 'null'] },
  },
} as const;
export type AmendResult = FromSchema<typeof amendResultSchema>;

/** `POST api/Excel/ExportDeliveries`. */
export const exportRequestSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    /** Only the caller's units' deliveries (the grid's Mine filter). */
    MineOnly: { type: 'boolean', default: false },
    /** Only current deliveries (today on), as the grid's "past deliveries = No". */
    Actual: { type: 'boolean', default: true },
  },
} as const;
export type ExportRequest = FromSchema<typeof exportRequestSchema>;

/**
 * The home list's own query parameters besides OData's: past deliveries shown, only the
 * caller's units (default for non-administrators), only active units (default).
 */
export const deliveryListParams = ['ShowPast', 'MineOnly', 'ActiveUnitsOnly'] as const;

/** Messages the server answers, as translation keys the browser shows (spec section 8). */
export const deliveryMessages = {
  notMine: 'DELIVERY.NOTMINE',
  temperatureBelowMin: 'DELIVERY.TEMPERATURE_BELOW_MIN',
  temperatureAboveMax: 'DELIVERY.TEMPERATURE_ABOVE_MAX',
  temperatureRounded: 'DELIVERY.TEMPERATURE_ROUNDED',
  thicknessInvalid: 'DELIVERY.THICKNESS_INVALID',
  thicknessMultiple: 'DELIVERY.THICKNESS_MULTIPLE',
  additiveRefused: 'DELIVERY.ADDITIVE_REFUSED',
  noMineDeliveries: 'DELIVERY.NO_MINE_DELIVERIES',
} as const;

/** The kinds of change `POST api/Deliveries/SuggestChanges` suggests. */
export const suggestionKinds = ['OutputTemperature', 'EvoTherm', 'Thickness', 'StartTime'] as const;
export type SuggestionKind = (typeof suggestionKinds)[number];

/** One change that makes a delivery workable: the full inputs with it, and what the model gives. */
export const suggestionSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'Kind',
    'OutputTemperature',
    'Thickness',
    'EvoThermAllowed',
    'StartTime0',
    'State',
    'AvailableTimeForCompaction',
    'StateNeededMinutes',
    'StateReason',
    'StateReasonCode',
    'StateReasonParams',
  ],
  properties: {
    Kind: { type: 'string', enum: suggestionKinds },
    OutputTemperature: { type: 'integer' },
    Thickness: { type: 'integer' },
    EvoThermAllowed: { type: 'boolean' },
    /** The hour moved to, for Kind StartTime; null otherwise. */
    StartTime0: { type: ['string', 'null'], format: 'date-time' },
    State: { type: 'string' },
    AvailableTimeForCompaction: { type: ['number', 'null'] },
    StateNeededMinutes: { type: ['number', 'null'] },
    StateReason: { type: ['string', 'null'] },
    StateReasonCode: { type: ['string', 'null'] },
    StateReasonParams: { type: ['object', 'null'], additionalProperties: true },
  },
} as const;
export type Suggestion = FromSchema<typeof suggestionSchema>;

/**
 * SuggestChanges' answer: the state of the posted inputs, and at most one change of each kind
 * that makes the delivery workable, with the full inputs and the state the model gives them.
 */
export const suggestionsAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['State', 'Suggestions'],
  properties: {
    State: { type: 'string' },
    Suggestions: { type: 'array', maxItems: suggestionKinds.length, items: suggestionSchema },
  },
} as const;
export type SuggestedChanges = FromSchema<typeof suggestionsAnswerSchema>;
