import { deliverySchema, maxRowId, odataPageSchema, odataQuerySchema } from '#metadata';

type Property = { type?: unknown };

/**
 * A delivery as the calls answer it: every field of the schema by its type only (a blank
 * delivery's empty fields and a stored value the rules refuse today are still answered), the
 * state's inputs and reason parameters as the objects they are.
 */
const answeredProperties = Object.fromEntries(
  Object.entries(deliverySchema.properties as Record<string, Property>).map(([field, property]) => {
    const types = [property.type].flat();
    return [
      field,
      types.includes('object')
        ? { type: property.type, additionalProperties: true }
        : { type: property.type },
    ];
  }),
);

export const deliveryAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Id'],
  properties: answeredProperties,
};

/** The home grid's page (`$select` may leave fields out). */
const page = odataPageSchema({ properties: answeredProperties });
/** The home list's page; `CountCapped` when more rows match than are counted. */
export const deliveryPageSchema = {
  ...page,
  properties: { ...page.properties, CountCapped: { type: 'boolean' } },
} as const;

const curvePointSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Minute', 'MeanTemperature', 'SurfaceTemperature'],
  properties: {
    Minute: { type: 'number' },
    MeanTemperature: { type: 'number' },
    SurfaceTemperature: { type: 'number' },
  },
};

/** SetNewState's answer: the delivery as it would be, with the cooling curve behind its state. */
export const whatIfAnswerSchema = {
  ...deliveryAnswerSchema,
  properties: { ...answeredProperties, Curve: { type: 'array', items: curvePointSchema } },
};

const listFilterProperties = {
  ShowPast: { type: 'boolean' },
  MineOnly: { type: 'boolean' },
  ActiveUnitsOnly: { type: 'boolean' },
} as const;

/** The home list's query: OData's options and the grid's own filters. */
export const deliveryListQuerySchema = {
  type: 'object',
  properties: listFilterProperties,
  additionalProperties: odataQuerySchema.additionalProperties,
} as const;

/** A filter value list's query: the list's filters, the grid's other filters, search, order. */
export const filterValuesQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...listFilterProperties,
    search: { type: 'string', maxLength: 200 },
    top: { type: 'integer', minimum: 1, maximum: maxRowId },
    $filter: { type: 'string', maxLength: 4000 },
    desc: { type: 'boolean' },
  },
} as const;

export const filterValuesParamsSchema = {
  type: 'object',
  required: ['field'],
  properties: { field: { type: 'string', maxLength: 100 } },
} as const;

/** A delivery's id in a path; 0 or less asks for a blank delivery (spec section 2). */
export const deliveryIdParamsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'integer', minimum: -maxRowId - 1, maximum: maxRowId } },
} as const;

const inputs = deliverySchema.properties;

/** SetNewState's body: a delivery, of which its id and the three amendable inputs are read. */
export const whatIfRequestSchema = {
  type: 'object',
  required: ['Id', 'OutputTemperature', 'Thickness', 'EvoThermAllowed'],
  properties: {
    Id: { type: 'integer', minimum: 1, maximum: maxRowId },
    OutputTemperature: inputs.OutputTemperature,
    Thickness: inputs.Thickness,
    EvoThermAllowed: { type: 'boolean' },
  },
} as const;

/**
 * DeleteAll's body: nothing is deleted unless it says so. Nothing is required, so a client that
 * fills in only what a schema requires (the route contract test) sends `{}` and deletes nothing.
 */
export const deleteAllRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: [],
  properties: {
    Confirm: { type: 'boolean' },
    /** Only the deliveries that started before today. */
    PastOnly: { type: 'boolean' },
  },
} as const;

export const deleteAllResultSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Deleted'],
  properties: { Deleted: { type: 'integer' } },
} as const;
