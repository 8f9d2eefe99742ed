import type { Insertable, Kysely } from 'kysely';
import type { ForecastHour } from '#metadata';
import type { Database, DeliveriesTable } from '../../server/db/schema';

/**
 * Test data for the delivery calls, written straight to the database (setup, not a user call):
 * units, materials, deliveries and the user-unit links that make a delivery someone's "Mine".
 */

type Db = Kysely<Database>;

const hour = 3_600_000;

/** An instant `hours` from now, as a Date. */
export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * hour);

/** The UK calendar day of an instant, `YYYY-MM-DD`. */
export const ukDay = (instant: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(instant);

export async function createUnit(db: Db, code: string, active = true): Promise<number> {
  const row = await db
    .insertInto('units')
    .values({ code, name: `${code} plant`, active })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface MaterialData {
  code: string;
  minMixTemp: number | null;
  maxMixTemp: number | null;
  canAddEvotherm: boolean;
}

export async function createMaterial(db: Db, material: MaterialData): Promise<number> {
  const row = await db
    .insertInto('materials')
    .values({ ...material, name: `${material.code} mix` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Makes the unit one of the user's units. */
export async function linkUserUnit(db: Db, userName: string, unitId: number): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('name', '=', userName)
    .executeTakeFirstOrThrow();
  await db.insertInto('userUnits').values({ userId: user.id, unitId }).execute();
}

export interface DeliveryData {
  unitId: number;
  material: { id: number; code: string };
  startTime0: Date;
  /** Any other column, e.g. `{ state: 'R', thickness: 40 }`. */
  extra?: Partial<Insertable<DeliveriesTable>>;
}

let nextDelivery = 1;

/** A delivery of the unit and material, starting at `startTime0`; answers its id. */
export async function createDelivery(db: Db, data: DeliveryData): Promise<number> {
  const number = nextDelivery++;
  const row = await db
    .insertInto('deliveries')
    .values({
      uniqueId1: `T-${number}`,
      outputTemperature: 160,
      evoThermAllowed: false,
      materialCode: data.material.code,
      materialName: `${data.material.code} mix`,
      materialId: data.material.id,
      unitId: data.unitId,
      soldToPartyName: `Customer ${number}`,
      siteName: `Site ${number}`,
      orderQuantity: 10,
      deliveryDate: ukDay(data.startTime0),
      startTime0: data.startTime0,
      time: '08:00',
      thickness: 40,
      state: 'G',
      ...data.extra,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A delivery as stored, by column (to check what a call changed, or did not). */
export function storedDelivery(db: Db, id: number) {
  return db.selectFrom('deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Removes every delivery (a demo seed's), so a test sees only its own. */
export async function clearDeliveries(db: Db): Promise<void> {
  await db.deleteFrom('deliveries').execute();
}

/** Grants a permission (by code) to a role (by name). */
export async function grantPermission(db: Db, roleName: string, code: string): Promise<void> {
  const role = await db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', roleName)
    .executeTakeFirstOrThrow();
  const permission = await db
    .selectFrom('permissions')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('rolePermissions')
    .values({ roleId: role.id, permissionId: permission.id })
    .execute();
}

/** Makes `userName` hold only a new role `roleName` with exactly these permissions. */
export async function giveOnlyRole(
  db: Db,
  userName: string,
  roleName: string,
  codes: readonly string[],
): Promise<void> {
  await db.insertInto('roles').values({ name: roleName }).execute();
  for (const code of codes) await grantPermission(db, roleName, code);
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('name', '=', userName)
    .executeTakeFirstOrThrow();
  const role = await db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', roleName)
    .executeTakeFirstOrThrow();
  await db.deleteFrom('userRoles').where('userId', '=', user.id).execute();
  await db.insertInto('userRoles').values({ userId: user.id, roleId: role.id }).execute();
}

/**
 * Two test mixes: a hot one (140-180 °C, takes the additive) and a cool one (120-160 °C, does
 * not), by the codes given.
 */
export async function createHotAndCoolMixes(db: Db, hotCode: string, coolCode: string) {
  const hot = await createHotMix(db, hotCode);
  const cool = {
    id: await createMaterial(db, {
      code: coolCode,
      minMixTemp: 120,
      maxMixTemp: 160,
      canAddEvotherm: false,
    }),
    code: coolCode,
  };
  return { hot, cool };
}

/** A test mix of 140-180 °C that takes the additive: its id and code. */
export async function createHotMix(db: Db, code: string) {
  const id = await createMaterial(db, {
    code,
    minMixTemp: 140,
    maxMixTemp: 180,
    canAddEvotherm: true,
  });
  return { id, code };
}

/** A forecast hour at `time` (ms) with mild, dry, calm weather (20 °C), changed as given. */
export function forecastHourAt(time: number, weather: Partial<ForecastHour> = {}): ForecastHour {
  return {
    time: new Date(time).toISOString(),
    airTemperature: 20,
    windSpeedKmh: 5,
    windGustKmh: null,
    windDirection: null,
    cloudCoverPercent: 50,
    shortwaveRadiation: null,
    precipitationProbability: 0,
    precipitationMm: 0,
    weatherCode: 2,
    weatherText: 'Partly cloudy',
    ...weather,
  };
}
