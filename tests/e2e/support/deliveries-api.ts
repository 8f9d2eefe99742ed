import { expect, type APIRequestContext } from '@playwright/test';
import { browserDigest, demoPassword } from './sign-in';

export const deliveriesListPath =
  '/odata/DeliveriesOData/CentreService.GetDeliveriesForCurrentUser';

/** A delivery as the list and GetDeliveryById answer it (the fields the specs read). */
export interface ListedDelivery {
  Id: number;
  UniqueId1: string;
  State: string;
  SiteName: string | null;
  Time: string | null;
  DeliveryDate: string;
  StartTime0: string;
  UnitCode: string | null;
  MaterialCode: string;
  OutputTemperature: number;
  Thickness: number;
  EvoThermAllowed: boolean;
  WeatherForecastTemperature: number | null;
  WindSpeed: number | null;
  Mine: number;
}

/** The home list's own switches, as its query names them. */
export interface HomeSwitches {
  ShowPast: boolean;
  MineOnly: boolean;
  ActiveUnitsOnly: boolean;
}

/** What a staff member's home starts with: Mine, no past deliveries, active units only. */
export const staffHome: HomeSwitches = { ShowPast: false, MineOnly: true, ActiveUnitsOnly: true };

/** Signs a demo user in on a request context of its own (another session than the page's). */
export async function signInRequest(request: APIRequestContext, user: string) {
  const response = await request.post('/api/auth/login', {
    data: { User: user, Pass: browserDigest(demoPassword), Save: false },
  });
  expect(await response.json()).toMatchObject({ Succeeded: true });
}

/** One page of the home list with these switches and OData options, and its count. */
export async function listDeliveries(
  request: APIRequestContext,
  switches: HomeSwitches,
  odata: { $filter?: string; $top?: number; $skip?: number; $select?: string } = {},
): Promise<{ count: number; rows: ListedDelivery[] }> {
  const params: Record<string, string> = {
    ShowPast: String(switches.ShowPast),
    MineOnly: String(switches.MineOnly),
    ActiveUnitsOnly: String(switches.ActiveUnitsOnly),
  };
  for (const [key, value] of Object.entries(odata)) {
    if (value !== undefined) params[key] = String(value);
  }
  const response = await request.get(deliveriesListPath, { params });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { value: ListedDelivery[]; '@odata.count'?: number };
  return { count: body['@odata.count'] ?? body.value.length, rows: body.value };
}

export async function getDelivery(
  request: APIRequestContext,
  id: number,
): Promise<ListedDelivery & Record<string, unknown>> {
  const response = await request.get(`/api/Deliveries/GetDeliveryById/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ListedDelivery & Record<string, unknown>;
}

/** The state SetNewState computes for these inputs (nothing is saved). */
export async function whatIfState(
  request: APIRequestContext,
  delivery: Pick<ListedDelivery, 'Id' | 'OutputTemperature'>,
  inputs: { Thickness: number; EvoThermAllowed: boolean },
): Promise<string> {
  const response = await request.post('/api/Deliveries/SetNewState', {
    data: { Id: delivery.Id, OutputTemperature: delivery.OutputTemperature, ...inputs },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { State: string }).State;
}

/** Whether SuggestChanges offers a change of the inputs (not only another hour) for these. */
export async function offersInputChange(
  request: APIRequestContext,
  delivery: Pick<ListedDelivery, 'Id' | 'OutputTemperature'>,
  inputs: { Thickness: number; EvoThermAllowed: boolean },
): Promise<boolean> {
  const response = await request.post('/api/Deliveries/SuggestChanges', {
    data: { Id: delivery.Id, OutputTemperature: delivery.OutputTemperature, ...inputs },
  });
  expect(response.status()).toBe(200);
  const answer = (await response.json()) as { Suggestions: { Kind: string }[] };
  return answer.Suggestions.some((suggestion) => suggestion.Kind !== 'StartTime');
}

/**
 * The unit codes a user works for, as an administrator's users screen has them (independent
 * of the deliveries list's own Mine): `admin` must be signed in as an administrator.
 */
export async function unitCodesOf(admin: APIRequestContext, userName: string): Promise<string[]> {
  const users = await admin.get('/api/users/GetAllUsers');
  expect(users.status()).toBe(200);
  const user = ((await users.json()) as { Id: number; Name: string }[]).find(
    (candidate) => candidate.Name === userName,
  );
  if (!user) throw new Error(`No user ${userName}.`);
  const detail = await admin.get(`/api/users/GetUserById/${user.Id}`);
  const { Units } = (await detail.json()) as { Units: { Id: number; IsChecked: boolean }[] };
  const units = await admin.get('/api/units/GetUnits');
  const all = (await units.json()) as { Id: number; Code: string }[];
  const checked = new Set(Units.filter((unit) => unit.IsChecked).map((unit) => unit.Id));
  return all.filter((unit) => checked.has(unit.Id)).map((unit) => unit.Code);
}

/** Today's date in the plants' time zone (UK), as YYYY-MM-DD. */
export function todayInUk(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now);
}

/** A `YYYY-MM-DD` day as the grid shows it (DD/MM/YYYY). */
export const gridDay = (day: string) => day.slice(0, 10).split('-').reverse().join('/');
