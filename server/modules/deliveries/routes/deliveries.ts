import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { deliveryPermissions, deliverySchema, saveRequestSchema } from '#metadata';
import { readEntity, readEntityOrBlank, saveEntity } from '../../../engine/entity-service';
import { deliveryAnswer } from '../rules/answer';
import { checkedDerive } from '../rules/checked-derive';
import { announceStateChanges } from '../rules/state-changes';
import { withUnitFromCode } from '../rules/unit-code';
import { deliveryAccess, deliveryNotFound } from './delivery-access';
import { deliveryBulkRoutes } from './delivery-bulk';
import { deliveryListRoutes } from './delivery-lists';
import { deliverySuggestionRoutes } from './delivery-suggestions';
import {
  deliveryAnswerSchema,
  deliveryIdParamsSchema,
  whatIfAnswerSchema,
  whatIfRequestSchema,
} from './delivery-schemas';

type Row = Record<string, unknown>;

type DeliveryField = keyof typeof deliverySchema.properties;
const deliveryFields = Object.keys(deliverySchema.properties) as DeliveryField[];

/** What a save may carry: the schema's writable fields (the engine applies the caller's rules). */
const saveDeliverySchema = saveRequestSchema(
  deliverySchema,
  deliveryFields.filter((field) => !('readOnly' in deliverySchema.properties[field])),
);

/**
 * `odata/DeliveriesOData/*` and `api/Deliveries/*` (deliveries spec section 7): thin adapters
 * onto the engine, whose delivery hooks keep staff to their own units' deliveries, check the
 * inputs against the material and recompute the state on every write.
 */
export async function deliveryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  await app.register(deliveryListRoutes);
  await app.register(deliveryBulkRoutes);
  await app.register(deliverySuggestionRoutes);

  app.get(
    '/api/Deliveries/GetDeliveryById/:id',
    {
      config: { permission: deliveryPermissions.read },
      schema: { params: deliveryIdParamsSchema, response: { 200: deliveryAnswerSchema } },
    },
    async (request) => {
      const access = await deliveryAccess(request);
      return readEntityOrBlank<Row>(app.db, access, request.params.id);
    },
  );

  /**
   * What the state would be with the posted output temperature, thickness and additive, on the
   * stored delivery and the current forecast: nothing is saved, so any viewer may ask it of any
   * delivery (staff weigh a change to another unit's delivery before they ask for it).
   */
  app.post(
    '/api/Deliveries/SetNewState',
    {
      config: { permission: deliveryPermissions.read },
      schema: { body: whatIfRequestSchema, response: { 200: whatIfAnswerSchema } },
    },
    async (request) => {
      const access = await deliveryAccess(request);
      const { Id, OutputTemperature, Thickness, EvoThermAllowed } = request.body;
      const stored = await readEntity<Row>(app.db, access, Id);
      if (!stored) throw deliveryNotFound();
      const values = { ...stored, OutputTemperature, Thickness, EvoThermAllowed };
      const derived = await checkedDerive(app.db, values, stored, { withCurve: true });
      return deliveryAnswer({ ...values, ...derived.computed, Curve: derived.curve ?? [] });
    },
  );

  app.post(
    '/api/Deliveries/SaveDelivery',
    {
      config: { permission: deliveryPermissions.update },
      schema: { body: saveDeliverySchema, response: { 200: deliveryAnswerSchema } },
    },
    async (request) => {
      const access = await deliveryAccess(request);
      const payload = await withUnitFromCode(app.db, access.caller, request.body as Row);
      const saved = await saveEntity<Row>(app.db, access, payload);
      announceStateChanges(app.db, [saved]);
      return saved;
    },
  );
}
