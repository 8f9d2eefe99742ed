import type { FromSchema } from 'json-schema-to-ts';
import type { EntityDefinition } from '../engine/definitions';
import { column, hiddenField } from '../engine/parts';

const text = (title: string, maxLength = 200) =>
  ({ type: ['string', 'null'], title, maxLength }) as const;
const computedNumber = (title: string) =>
  ({ type: ['number', 'null'], title, readOnly: true }) as const;
const computedText = (title: string) =>
  ({ type: ['string', 'null'], title, readOnly: true }) as const;
const instant = (title: string) =>
  ({ type: ['string', 'null'], format: 'date-time', title }) as const;

/**
 * A delivery of hot asphalt from a unit (plant) to a site, as `odata/DeliveriesOData/...` and
 * `api/Deliveries/*` read and write it (deliveries spec section 3). Staff write only
 * OutputTemperature, Thickness and EvoThermAllowed; the server computes the state, the time
 * for compaction and the forecast fields from the compaction model and the forecast.
 */
export const deliverySchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'UniqueId1',
    'OutputTemperature',
    'EvoThermAllowed',
    'MaterialCode',
    'UnitId',
    'DeliveryDate',
    'StartTime0',
    'Thickness',
  ],
  properties: {
    Id: { type: 'integer', title: 'ENTITY.ID', readOnly: true },
    UniqueId1: { type: 'string', title: 'DELIVERY.UNIQUE_ID1', minLength: 1, maxLength: 100 },
    UniqueId2: { type: 'string', title: 'DELIVERY.UNIQUE_ID2', maxLength: 100, default: '' },
    UniqueId3: { type: 'string', title: 'DELIVERY.UNIQUE_ID3', maxLength: 100, default: '' },
    OutputTemperature: {
      type: 'integer',
      title: 'DELIVERY.OUTPUT_TEMPERATURE',
      minimum: 0,
      maximum: 300,
    },
    AvailableTimeForCompaction: computedNumber('DELIVERY.AVAILABLE_TIME'),
    EvoThermAllowed: { type: 'boolean', title: 'DELIVERY.EVOTHERM_ALLOWED', default: false },
    State: { type: 'string', title: 'DELIVERY.STATE', readOnly: true },
    StateReason: computedText('DELIVERY.STATE_REASON'),
    StateReasonCode: computedText('DELIVERY.STATE_REASON'),
    StateReasonParams: { type: ['object', 'null'], readOnly: true },
    StateNeededMinutes: computedNumber('DELIVERY.NEEDED_MINUTES'),
    StateModelVersion: computedText('DELIVERY.MODEL_VERSION'),
    StateInputs: { type: ['object', 'null'], readOnly: true },
    StateComputedAt: { ...instant('DELIVERY.STATE_COMPUTED_AT'), readOnly: true },
    StateForecastFetchedAt: { ...instant('DELIVERY.FORECAST_FETCHED_AT'), readOnly: true },
    MaterialCode: { type: 'string', title: 'DELIVERY.MATERIAL', minLength: 1, maxLength: 50 },
    MaterialName: text('DELIVERY.MATERIAL_NAME'),
    MaterialId: { type: ['integer', 'null'], title: 'DELIVERY.MATERIAL', readOnly: true },
    SoldToPartyId: text('DELIVERY.SOLD_TO_ID', 50),
    SoldToPartyName: text('DELIVERY.SOLD_TO'),
    UnitId: { type: 'integer', title: 'DELIVERY.UNIT', minimum: 1 },
    UnitCode: computedText('DELIVERY.UNIT'),
    UnitName: computedText('DELIVERY.UNIT_NAME'),
    UnitActive: { type: ['boolean', 'null'], title: 'DELIVERY.UNIT_ACTIVE', readOnly: true },
    ShipToAddress: text('DELIVERY.SHIP_TO_ADDRESS', 500),
    GridRef: text('DELIVERY.GRID_REF', 20),
    Mileage: { type: 'number', title: 'DELIVERY.MILEAGE', minimum: 0, maximum: 1000, default: 0 },
    OrderQuantity: { type: ['number', 'null'], title: 'DELIVERY.QUANTITY', minimum: 0 },
    DeliveryDate: { type: 'string', format: 'date', title: 'DELIVERY.DATE' },
    StartTime0: { type: 'string', format: 'date-time', title: 'DELIVERY.START_TIME0' },
    StartTime: instant('DELIVERY.START_TIME'),
    EndTime: instant('DELIVERY.END_TIME'),
    Time: text('DELIVERY.TIME', 20),
    Latitude: { type: ['number', 'null'], title: 'DELIVERY.LATITUDE', minimum: -90, maximum: 90 },
    Longitude: {
      type: ['number', 'null'],
      title: 'DELIVERY.LONGITUDE',
      minimum: -180,
      maximum: 180,
    },
    LocationSource: computedText('DELIVERY.LOCATION_SOURCE'),
    SiteName: text('DELIVERY.SITE_NAME'),
    Mine: { type: 'integer', title: 'DELIVERY.MINE', readOnly: true },
    MinMixTemp: { type: ['integer', 'null'], title: 'DELIVERY.MIN_MIX_TEMP', readOnly: true },
    MaxMixTemp: { type: ['integer', 'null'], title: 'DELIVERY.MAX_MIX_TEMP', readOnly: true },
    CanAddEvotherm: {
      type: ['boolean', 'null'],
      title: 'DELIVERY.CAN_ADD_EVOTHERM',
      readOnly: true,
    },
    Thickness: { type: 'integer', title: 'DELIVERY.THICKNESS', minimum: 0, maximum: 200 },
    WeatherForecastAsHtml: computedText('DELIVERY.WEATHER_FORECAST'),
    WeatherForecastTemperature: computedNumber('DELIVERY.TEMPERATURE'),
    WindSpeed: computedNumber('DELIVERY.WIND_SPEED'),
    WeatherSiteId: { type: ['integer', 'null'], readOnly: true },
    WeatherSiteName: computedText('DELIVERY.WEATHER_SITE'),
    WeatherSiteDistanceKm: computedNumber('DELIVERY.WEATHER_SITE_DISTANCE'),
    Version: { type: 'integer', readOnly: true },
  },
} as const;

export type Delivery = FromSchema<typeof deliverySchema>;

/** The fields staff amend; every other field comes from the import (or an administrator). */
export const deliveryAmendableFields = [
  'OutputTemperature',
  'Thickness',
  'EvoThermAllowed',
] as const;

/** The state's long names (detail page, export), by code; any other code is grey. */
export const deliveryStateNames: Readonly<Record<string, string>> = {
  R: 'RED',
  A: 'AMBER',
  G: 'GREEN',
  M: 'BLUE',
  Y: 'YELLOW',
};

/** Who may do what with deliveries. */
export const deliveryPermissions = {
  read: 'ViewDeliveries',
  update: 'AmendDeliveries',
  /** Creating by hand, importing and deleting: administrators. */
  create: 'ManageDeliveries',
  delete: 'ManageDeliveries',
  export: 'ExportDeliveries',
} as const;

const unitLookup = (name: string) => ({
  lookup: { table: 'units', key: 'id', column: name, foreignKey: 'unit_id' },
});
const materialLookup = (name: string) => ({
  lookup: { table: 'materials', key: 'id', column: name, foreignKey: 'material_id' },
});

export const deliveryEntity = {
  id: 30,
  name: 'Deliveries',
  entityType: 'Delivery',
  schema: deliverySchema,
  form: {
    'ui:order': [
      'DeliveryDate',
      'Time',
      'UnitCode',
      'MaterialCode',
      'MaterialName',
      'SoldToPartyName',
      'SiteName',
      'ShipToAddress',
      'OrderQuantity',
      'OutputTemperature',
      'Thickness',
      'EvoThermAllowed',
      '*',
    ],
    Id: hiddenField,
    Version: hiddenField,
    StateInputs: hiddenField,
    StateReasonParams: hiddenField,
    WeatherForecastAsHtml: hiddenField,
  },
  screens: { list: '/', detail: '/delivery/:id', detailScreen: 'deliveryDetail' },
  api: {
    Get: '/api/Deliveries/GetDeliveryById/{id}',
    Save: '/api/Deliveries/SaveDelivery',
    Delete: null,
  },
  permissions: {
    read: deliveryPermissions.read,
    create: deliveryPermissions.create,
    update: deliveryPermissions.update,
    delete: deliveryPermissions.delete,
  },
  storage: {
    table: 'deliveries',
    key: 'id',
    versionColumn: 'version',
    indexedFields: ['State', 'SiteName', 'MaterialName', 'SoldToPartyName'],
    fields: {
      Id: 'id',
      UniqueId1: 'unique_id1',
      UniqueId2: 'unique_id2',
      UniqueId3: 'unique_id3',
      OutputTemperature: 'output_temperature',
      AvailableTimeForCompaction: 'available_time_for_compaction',
      EvoThermAllowed: 'evo_therm_allowed',
      State: 'state',
      StateReason: 'state_reason',
      StateReasonCode: 'state_reason_code',
      StateReasonParams: 'state_reason_params',
      StateNeededMinutes: 'state_needed_minutes',
      StateModelVersion: 'state_model_version',
      StateInputs: 'state_inputs',
      StateComputedAt: 'state_computed_at',
      StateForecastFetchedAt: 'state_forecast_fetched_at',
      MaterialCode: 'material_code',
      MaterialName: 'material_name',
      MaterialId: 'material_id',
      SoldToPartyId: 'sold_to_party_id',
      SoldToPartyName: 'sold_to_party_name',
      UnitId: 'unit_id',
      UnitCode: unitLookup('code'),
      UnitName: unitLookup('name'),
      UnitActive: unitLookup('active'),
      ShipToAddress: 'ship_to_address',
      GridRef: 'grid_ref',
      Mileage: 'mileage',
      OrderQuantity: 'order_quantity',
      DeliveryDate: 'delivery_date',
      StartTime0: 'start_time0',
      StartTime: 'start_time',
      EndTime: 'end_time',
      Time: 'time',
      Latitude: 'latitude',
      Longitude: 'longitude',
      LocationSource: 'location_source',
      SiteName: 'site_name',
      Mine: {
        callerLink: {
          table: 'user_units',
          column: 'unit_id',
          userColumn: 'user_id',
          foreignKey: 'unit_id',
        },
      },
      MinMixTemp: materialLookup('min_mix_temp'),
      MaxMixTemp: materialLookup('max_mix_temp'),
      CanAddEvotherm: materialLookup('can_add_evotherm'),
      Thickness: 'thickness',
      WeatherForecastAsHtml: 'weather_forecast_as_html',
      WeatherForecastTemperature: 'weather_forecast_temperature',
      WindSpeed: 'wind_speed',
      WeatherSiteId: 'weather_site_id',
      WeatherSiteName: {
        lookup: {
          table: 'weather_sites',
          key: 'id',
          column: 'name',
          foreignKey: 'weather_site_id',
        },
      },
      WeatherSiteDistanceKm: 'weather_site_distance_km',
      Version: 'version',
    },
  },
  grid: {
    PageTitle: 'ROUTES.DELIVERIES',
    ListUrl: '/odata/DeliveriesOData/CentreService.GetDeliveriesForCurrentUser',
    DetailUrl: '/delivery/{id}',
    PageSize: 20,
    DefaultSort: [{ Field: 'StartTime0', Desc: false }],
    DefaultFilter: null,
    DefaultFilterTitle: null,
    Columns: [
      column(1, 'DeliveryDate', 'DELIVERY.DATE', 'date', 'DD/MM/YYYY', { Width: 112 }),
      column(2, 'AvailableTimeForCompaction', 'DELIVERY.AVAILABLE_TIME', 'number', '0.0', {
        Width: 150,
      }),
      column(3, 'State', 'DELIVERY.STATE', 'string', null, {
        FilterByValuesOnly: true,
        Width: 104,
      }),
      column(4, 'MaterialCode', 'DELIVERY.MATERIAL', 'string', null, { Width: 150 }),
      column(5, 'SoldToPartyName', 'DELIVERY.SOLD_TO', 'string', null, { Width: 170 }),
      column(6, 'UnitCode', 'DELIVERY.PROD_ID', 'string', null, { Width: 100 }),
      column(7, 'SiteName', 'DELIVERY.SITE_NAME', 'string', null, { Width: 190 }),
      column(8, 'Time', 'DELIVERY.TIME', 'string', null, { Width: 96 }),
      column(9, 'OrderQuantity', 'DELIVERY.QUANTITY', 'number', '0.0', { Width: 88 }),
      column(10, 'WeatherForecastAsHtml', 'DELIVERY.WEATHER_FORECAST', 'string', null, {
        Sortable: false,
        Width: 190,
        // Spec: the temperature filter works on WeatherForecastTemperature, the wind on WindSpeed.
        FilterFields: [
          { Field: 'WeatherForecastTemperature', Title: 'DELIVERY.TEMPERATURE', Type: 'number' },
          { Field: 'WindSpeed', Title: 'DELIVERY.WIND_SPEED', Type: 'number' },
        ],
      }),
    ],
    // On a phone each delivery is a card a foreman reads standing on a road: the site, then
    // its state, the minutes left to compact, the material, day, start time, tons and weather.
    CardFields: [
      'SiteName',
      'State',
      'AvailableTimeForCompaction',
      'MaterialCode',
      'DeliveryDate',
      'Time',
      'OrderQuantity',
      'WeatherForecastAsHtml',
    ],
    Actions: [],
    RowActions: [],
  },
} as const satisfies EntityDefinition;
