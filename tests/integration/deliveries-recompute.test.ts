import { LatLon } from 'geodesy/osgridref.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryEntity, type ForecastHour } from '#metadata';
import { writeComputedFields } from '../../server/engine/computed-writes';
import { accessFor, type EntityAccess } from '../../server/engine/entity-access';
import { entityByName } from '../../server/engine/entity-context';
import { saveEntity } from '../../server/engine/entity-service';
import {
  deliveryStateEvents,
  type DeliveryStateChange,
} from '../../server/modules/deliveries/state/events';
import { recomputeDeliveries } from '../../server/modules/deliveries/state/recompute';
import {
  claimDueForecastSites,
  recordForecastFetch,
  upsertForecastHours,
} from '../../server/modules/weather/repositories/weather-forecasts';
import {
  announceForecastChange,
  announceRefreshRunEnded,
} from '../../server/modules/weather/forecast-events';
import { refreshDueForecasts } from '../../server/modules/weather/refresh-forecasts';
import { refreshSite } from '../../server/modules/weather/forecasts';
import { forecastHourAt } from '../support/deliveries';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  startReplayServer,
  steadyOpenMeteoAnswer,
  type ReplayServer,
} from '../support/weather-replay-server';
import { setSetting } from './account-support';

const hourMs = 3_600_000;
const hourStart = () => Math.floor(Date.now() / hourMs) * hourMs;

interface Site {
  id: number;
  latitude: number;
  longitude: number;
}

describe('delivery states kept true after forecast changes', () => {
  let t: TestApp;
  let admin: EntityAccess;
  let unitId: number;
  let sites: Site[];
  let provider: ReplayServer;
  let next = 0;

  const db = () => t.database.db;
  const stored = (id: number) =>
    db().selectFrom('deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const logEntries = async (id: number) =>
    (
      await db()
        .selectFrom('changeLogs')
        .select('id')
        .where('entityType', '=', deliveryEntity.entityType)
        .where('entityId', '=', String(id))
        .execute()
    ).length;

  /** A delivery at the site's own point (so it is the nearest site), saved through the engine. */
  async function saveDelivery(
    site: Site,
    startTime0: number,
    values: Record<string, unknown> = {},
  ) {
    next += 1;
    const saved = await saveEntity<{ Id: number; State: string }>(db(), admin, {
      UniqueId1: `RECOMPUTE-${next}`,
      OutputTemperature: 160,
      EvoThermAllowed: false,
      MaterialCode: 'AC 20 DENSE BIN',
      UnitId: unitId,
      DeliveryDate: new Date(startTime0).toISOString().slice(0, 10),
      StartTime0: new Date(startTime0).toISOString(),
      Thickness: 40,
      Mileage: 10,
      Latitude: site.latitude,
      Longitude: site.longitude,
      ...values,
    });
    return saved.Id;
  }

  async function storeForecast(site: Site, hours: ForecastHour[]) {
    await upsertForecastHours(db(), site.id, hours);
    const now = new Date();
    await recordForecastFetch(db(), site.id, { provider: 'open-meteo', fetchedAt: now });
  }

  beforeAll(async () => {
    provider = await startReplayServer();
    t = await createTestApp({ demo: true });
    const adminUser = await db()
      .selectFrom('users')
      .select(['id', 'name'])
      .where('name', '=', 'admin')
      .executeTakeFirstOrThrow();
    const permissions = ['ViewDeliveries', 'AmendDeliveries', 'ManageDeliveries'];
    const subject = { authenticated: true, permissions };
    admin = accessFor(t.app.entityHooks, await entityByName(db(), deliveryEntity.name), {
      subject,
      actor: { id: adminUser.id, name: adminUser.name },
      user: {
        ...adminUser,
        isAdmin: true,
        subject,
        companyId: null,
        sessionId: null,
        roleIds: [],
      },
    });
    unitId = (await db().selectFrom('units').select('id').orderBy('id').executeTakeFirstOrThrow())
      .id;
    // Sites far apart, so a delivery at one is nowhere near another.
    sites = await db()
      .selectFrom('weatherSites')
      .select(['id', 'latitude', 'longitude'])
      .where('name', 'in', ['Leeds', 'Exeter', 'Inverness', 'Norwich'])
      .where('active', '=', true)
      .orderBy('name')
      .execute();
    expect(sites).toHaveLength(4);
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  it('recomputes the deliveries in the changed hours at the changed site, and only those', async () => {
    const [site, other] = [sites[0]!, sites[1]!];
    const start = hourStart();
    const hours = Array.from({ length: 48 }, (_, i) => forecastHourAt(start + i * hourMs));
    await storeForecast(site, hours);
    await storeForecast(other, hours);
    const inWindow = await saveDelivery(site, start + 5 * hourMs + 20 * 60_000);
    const later = await saveDelivery(site, start + 30 * hourMs);
    const elsewhere = await saveDelivery(other, start + 5 * hourMs + 20 * 60_000);
    for (const id of [inWindow, later, elsewhere]) {
      expect(await stored(id)).toMatchObject({ state: 'G', weatherSiteId: expect.any(Number) });
    }
    expect((await stored(inWindow)).weatherSiteId).toBe(site.id);
    const before = await Promise.all([inWindow, later, elsewhere].map(stored));
    const logged = await logEntries(inWindow);

    const published: DeliveryStateChange[] = [];
    const unsubscribe = deliveryStateEvents(t.app.db).subscribe((changes) =>
      published.push(...changes),
    );
    // Rain from the 4th to the 7th hour, at the site only.
    const wet = hours.slice(4, 8).map((hour) => ({ ...hour, precipitationMm: 2.5 }));
    await upsertForecastHours(db(), site.id, wet);
    await announceForecastChange(t.app.db, { siteId: site.id, hours: wet });
    await expect.poll(async () => (await stored(inWindow)).state).toBe('R');
    // On PostgreSQL the changes travel by NOTIFY: they arrive a moment after they are written.
    await expect.poll(() => published.some((change) => change.Id === inWindow)).toBe(true);
    unsubscribe();

    const after = await stored(inWindow);
    expect(after).toMatchObject({
      state: 'R',
      stateReasonCode: 'rain',
      availableTimeForCompaction: null,
      // A recompute is not an edit: the version stays, so a screen holding the row still saves.
      version: before[0]!.version,
    });
    expect(after.stateComputedAt!.getTime()).toBeGreaterThan(before[0]!.stateComputedAt!.getTime());
    expect(await logEntries(inWindow)).toBe(logged);
    // (The demo's own deliveries at the site may change too.)
    const ours = published.filter((change) => [inWindow, later, elsewhere].includes(change.Id));
    expect(ours).toEqual([
      { Id: inWindow, State: 'R', AvailableTimeForCompaction: null, UnitId: unitId },
    ]);
    // Outside the changed hours, or at another site: untouched.
    expect(await stored(later)).toEqual(before[1]);
    expect(await stored(elsewhere)).toEqual(before[2]);
  });

  it('recomputes after a refresh from the provider changes the forecast', async () => {
    const site = sites[2]!;
    await setSetting(t, 'Weather.Provider', 'open-meteo');
    await setSetting(t, 'Weather.BaseUrl', provider.baseUrl);
    await setSetting(t, 'Weather.ApiKey', 'om-key-for-tests');
    await setSetting(t, 'Weather.TimeoutSeconds', 2);
    await setSetting(t, 'Weather.Retries', 0);
    provider.answer(steadyOpenMeteoAnswer(0));
    expect(await refreshSite(t.app.db, site.id)).toMatchObject({ status: 'fetched' });
    const id = await saveDelivery(site, hourStart() + 2 * hourMs + 10 * 60_000);
    expect(await stored(id)).toMatchObject({ state: 'G', weatherForecastTemperature: 18 });

    provider.answer(steadyOpenMeteoAnswer(4));
    expect(await refreshSite(t.app.db, site.id)).toMatchObject({ changed: true });
    await expect.poll(async () => (await stored(id)).state).toBe('R');
    expect(await stored(id)).toMatchObject({ stateReasonCode: 'rain', version: 1 });
    await setSetting(t, 'Weather.Provider', 'simulated');
  });

  it('recomputes deliveries by id in batches and publishes the states that changed', async () => {
    const site = sites[3]!;
    const start = hourStart() + 3 * hourMs;
    const ids: number[] = [];
    await storeForecast(site, [forecastHourAt(start), forecastHourAt(start + hourMs)]);
    for (let i = 0; i < 7; i++) ids.push(await saveDelivery(site, start + i * 60_000));
    await upsertForecastHours(db(), site.id, [forecastHourAt(start, { airTemperature: -2 })]);
    const published: DeliveryStateChange[] = [];
    const unsubscribe = deliveryStateEvents(t.app.db).subscribe((changes) =>
      published.push(...changes),
    );
    const result = await recomputeDeliveries(
      t.app.db,
      { ids: [...ids, 999_999] },
      { batchSize: 3 },
    );
    const heard = () => published.map((change) => change.Id).sort((a, b) => a - b);
    await expect.poll(heard).toEqual(ids);
    unsubscribe();
    expect(result).toEqual({ read: 7, written: 7, changed: 7 });
    for (const id of ids) {
      expect(await stored(id)).toMatchObject({ state: 'R', stateReasonCode: 'baseFrozen' });
    }
    // Nothing changed since: recomputed again, nothing to publish.
    expect(await recomputeDeliveries(t.app.db, { ids })).toEqual({
      read: 7,
      written: 7,
      changed: 0,
    });
  });

  it('keeps the location it finds from a grid reference with the row, as a save does', async () => {
    // An import stores the grid reference only (the demo data too): the recompute finds where
    // it is, and the map and the next save read it from the row.
    const site = sites[0]!;
    const start = hourStart() + 4 * hourMs;
    await storeForecast(site, [forecastHourAt(start)]);
    const gridRef = new LatLon(site.latitude, site.longitude).toOsGrid().toString(8);
    const id = await saveDelivery(site, start, {
      Latitude: null,
      Longitude: null,
      GridRef: gridRef,
    });
    await db()
      .updateTable('deliveries')
      .set({ latitude: null, longitude: null, locationSource: null })
      .where('id', '=', id)
      .execute();
    await recomputeDeliveries(t.app.db, { ids: [id] });
    const row = await stored(id);
    expect(row.locationSource).toBe('gridref');
    expect(Number(row.latitude)).toBeCloseTo(site.latitude, 3);
    expect(Number(row.longitude)).toBeCloseTo(site.longitude, 3);
  });

  it('leaves a row saved since it was read to its save', async () => {
    const site = sites[3]!;
    const id = await saveDelivery(site, hourStart() + 3 * hourMs);
    const entity = await entityByName(db(), deliveryEntity.name);
    const { version } = await stored(id);
    const stale = { key: id, version: version - 1, values: { State: 'A' } };
    expect(await writeComputedFields(db(), entity, [stale])).toEqual([]);
    expect((await stored(id)).state).not.toBe('A');
    const current = { key: id, version, values: { State: 'A', UniqueId1: 'not computed' } };
    expect(await writeComputedFields(db(), entity, [current])).toEqual([id]);
    expect(await stored(id)).toMatchObject({
      state: 'A',
      uniqueId1: expect.stringMatching(/^RECOMPUTE-/),
      version,
    });
  });

  it('marks coming deliveries M when their forecast goes stale, and judges them again once it is fresh', async () => {
    const site = sites[1]!;
    const start = hourStart();
    const hours = Array.from({ length: 24 }, (_, i) => forecastHourAt(start + i * hourMs));
    await storeForecast(site, hours);
    const coming = await saveDelivery(site, start + 3 * hourMs + 15 * 60_000);
    const earlier = await saveDelivery(site, start - 2 * hourMs);
    expect(await stored(coming)).toMatchObject({ state: 'G' });
    const { version } = await stored(coming);
    const pastBefore = await stored(earlier);

    // The provider has failed for seven hours (Weather.StaleAfterHours is 6): nothing changed
    // the forecast, so nothing recomputed the delivery until a refresh run ends.
    const fetchedAt = new Date(Date.now() - 7 * hourMs);
    await recordForecastFetch(db(), site.id, { provider: 'open-meteo', fetchedAt });
    await db()
      .updateTable('deliveries')
      .set({ stateForecastFetchedAt: fetchedAt })
      .where('id', 'in', [coming, earlier])
      .execute();
    expect((await stored(coming)).state).toBe('G');
    const published: DeliveryStateChange[] = [];
    const unsubscribe = deliveryStateEvents(t.app.db).subscribe((changes) =>
      published.push(...changes),
    );
    // A refresh run that fetches nothing (no site is due) still ends by looking.
    await db().updateTable('weatherForecastFetches').set({ lastAttemptAt: new Date() }).execute();
    expect(await refreshDueForecasts({ db: t.app.db, log: t.app.log })).toMatchObject({
      fetched: 0,
    });
    await expect.poll(async () => (await stored(coming)).stateReasonCode).toBe('staleForecast');
    await expect.poll(() => published.some((change) => change.Id === coming)).toBe(true);
    unsubscribe();
    expect(await stored(coming)).toMatchObject({
      state: 'M',
      availableTimeForCompaction: null,
      stateReason: 'Forecast out of date (fetched 7 h ago)',
      version,
    });
    expect(published).toContainEqual({
      Id: coming,
      State: 'M',
      AvailableTimeForCompaction: null,
      UnitId: unitId,
    });
    // A delivery already under way keeps the judgement it had.
    expect((await stored(earlier)).state).toBe(pastBefore.state);

    // Fetched again with the very same hours: no change to announce, yet the run puts it right.
    await recordForecastFetch(db(), site.id, { provider: 'open-meteo', fetchedAt: new Date() });
    await announceRefreshRunEnded(t.app.db, new Date());
    await expect.poll(async () => (await stored(coming)).state).toBe('G');
    expect(await stored(coming)).toMatchObject({ stateModelVersion: expect.any(String), version });
  });

  it('asks for a site’s forecast when a delivery there has none, and keeps that site fresh', async () => {
    // A site nobody has asked for yet.
    const site = await db()
      .selectFrom('weatherSites')
      .select(['id', 'latitude', 'longitude'])
      .where('active', '=', true)
      .where('id', 'not in', (eb) => eb.selectFrom('weatherForecastFetches').select('siteId'))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const id = await saveDelivery(site, hourStart() + 26 * hourMs);
    expect(await stored(id)).toMatchObject({ state: 'M', stateReasonCode: 'noForecast' });
    const fetch = await db()
      .selectFrom('weatherForecastFetches')
      .selectAll()
      .where('siteId', '=', site.id)
      .executeTakeFirstOrThrow();
    expect(fetch.requestedAt).not.toBeNull();

    // Asked for two days ago and never fetched: a reader alone would have given up on it, but
    // deliveries are coming, so it stays due.
    await db()
      .updateTable('weatherForecastFetches')
      .set({ requestedAt: new Date(Date.now() - 48 * hourMs) })
      .where('siteId', '=', site.id)
      .execute();
    const now = new Date();
    const claimed = await claimDueForecastSites(db(), {
      attemptedBefore: now,
      requestedSince: new Date(now.getTime() - 24 * hourMs),
      limit: 1000,
      now,
    });
    expect(claimed).toContain(site.id);
    const beyond = await claimDueForecastSites(db(), {
      attemptedBefore: new Date(now.getTime() + 1),
      requestedSince: new Date(now.getTime() - 24 * hourMs),
      limit: 1000,
      now,
      deliveriesUntil: new Date(now.getTime() + hourMs),
    });
    expect(beyond).not.toContain(site.id);
  });
});
