import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'node:net';
import { deliveryPermissions } from '#metadata';
import { onForecastChanged, onRefreshRunEnded } from '../../weather/index';
import { weatherSettings } from '../../weather/index';
import { deliveryStateEvents, relayDeliveryStates } from '../state/events';
import { createForecastRecompute } from '../state/forecast-recompute';
import { rememberDeliveryDatabase } from '../state/references';
import { sitesWithOutdatedStates } from '../state/stale-states';
import { openStateStream, type StateStream } from '../state/state-stream';
import { sessionCaller } from '../state/stream-access';
import { visibleStates } from '../state/visible-states';
import type { EntityCaller } from '../../../engine/caller';

const streamQuery = {
  type: 'object',
  required: [],
  properties: {
    /** `1`: send the opening lines and one heartbeat, then end (checks and probes). */
    once: { type: 'string', enum: ['1'] },
  },
} as const;

/**
 * The delivery states kept true while the app runs, and pushed to open grids:
 * - a forecast refresh that changes a site's hours recomputes the site's deliveries in those
 *   hours, in the background (see createForecastRecompute);
 * - after each refresh run, the sites whose coming deliveries were judged by a forecast that
 *   has gone stale since (or are marked stale while it is fresh again) are recomputed from the
 *   current hour on (see sitesWithOutdatedStates): a failing provider turns them M;
 * - `GET api/Deliveries/StateStream` (server-sent events, ViewDeliveries): `event: states`
 *   with `[{ Id, State, AvailableTimeForCompaction }]` whenever deliveries' states change (a
 *   recompute, a save, an amend), a `: ping` heartbeat every 20 s so proxies keep it open, and
 *   `retry: 5000` for the browser's reconnect. Everyone with ViewDeliveries sees every delivery
 *   their row rules let them read (the grid's Mine filter is the grid's business), without the
 *   fields hidden from them; the caller's session (and with it their roles) is re-checked
 *   before each batch and heartbeat, and the stream ends when it no longer allows. Ends on the
 *   client's leaving and when the app closes. On PostgreSQL the changes travel by
 *   LISTEN/NOTIFY, so a stream hears the changes every app instance on the database makes.
 */
export async function stateRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const db = app.db;
  const releaseDatabase = rememberDeliveryDatabase(db);
  const recompute = createForecastRecompute(db, { log: app.log });
  const unsubscribe = onForecastChanged(db, (change) => recompute.schedule(change));
  const unsubscribeRuns = onRefreshRunEnded(db, async (now) => {
    const { staleAfterHours } = await weatherSettings(db);
    for (const siteId of await sitesWithOutdatedStates(db, { now, staleAfterHours })) {
      recompute.schedule({ siteId, hours: [] });
    }
  });
  const open = new Set<StateStream>();
  const listen = app.database.listen;
  const relay = listen ? await relayDeliveryStates(db, listen, app.log) : null;

  app.addHook('preClose', async () => {
    for (const stream of open) stream.close();
  });
  app.addHook('onClose', async () => {
    await relay?.stop();
    unsubscribe();
    unsubscribeRuns();
    await recompute.stop();
    releaseDatabase();
  });

  app.get(
    '/api/Deliveries/StateStream',
    {
      config: { permission: deliveryPermissions.read, streams: 'text/event-stream' },
      schema: { querystring: streamQuery },
    },
    async (request, reply) => {
      const { sessionId } = request;
      let caller: EntityCaller | null = null;
      const stream = openStateStream({
        events: deliveryStateEvents(db),
        allowed: async () => {
          caller = await sessionCaller(db, sessionId, deliveryPermissions.read);
          return caller !== null;
        },
        visible: async (changes) =>
          caller ? visibleStates(db, app.entityHooks, caller, changes) : [],
        // A HEAD request wants the headers, not a stream that never ends.
        once: request.query.once === '1' || request.method === 'HEAD',
        log: request.log,
      });
      open.add(stream);
      stream.body.on('close', () => open.delete(stream));
      // The stream has its own heartbeat; the server's idle timeout would cut it otherwise.
      // (An injected request's socket is a stand-in without timeouts.)
      const socket = request.raw.socket as Partial<Socket> | undefined;
      if (typeof socket?.setTimeout === 'function') socket.setTimeout(0);
      return reply
        .header('Content-Type', 'text/event-stream; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('X-Accel-Buffering', 'no')
        .send(stream.body);
    },
  );
}
